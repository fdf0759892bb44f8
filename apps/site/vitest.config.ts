import { defineProject, mergeConfig } from 'vitest/config';
import { platformGlobalSetup, sourceConditions } from '../../vitest.shared.ts';

// The site's unit tests (its server rendering, against a real local platform with the demo seed);
// the pages in a browser are tested in e2e/.
export default mergeConfig(
  sourceConditions,
  defineProject({
    test: {
      name: 'site',
      environment: 'node',
      globalSetup: [platformGlobalSetup],
      testTimeout: 30_000,
      // Starting a seeded platform on a busy machine: sized for the slowest honest case.
      hookTimeout: 180_000,
    },
  }),
);
