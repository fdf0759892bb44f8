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
      // Hooks that start a platform wait for it on a busy machine: sized for the slowest honest case.
      hookTimeout: 120_000,
    },
  }),
);
