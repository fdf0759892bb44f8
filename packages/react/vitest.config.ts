import { defineProject, mergeConfig } from 'vitest/config';
import { platformGlobalSetup, sourceConditions } from '../../vitest.shared.ts';

export default mergeConfig(
  sourceConditions,
  defineProject({
    test: {
      name: 'react',
      environment: 'happy-dom',
      globalSetup: [platformGlobalSetup],
      testTimeout: 30_000,
    },
  }),
);
