import { defineProject, mergeConfig } from 'vitest/config';
import { platformGlobalSetup, sourceConditions } from '../../vitest.shared.ts';

export default mergeConfig(
  sourceConditions,
  defineProject({
    test: { name: 'astro', globalSetup: [platformGlobalSetup], testTimeout: 30_000, hookTimeout: 120_000 },
  }),
);
