import { defineProject, mergeConfig } from 'vitest/config';
import { sourceConditions } from '../../vitest.shared.ts';

// The site's unit tests (its server rendering's pieces); the pages are tested in e2e/.
export default mergeConfig(sourceConditions, defineProject({ test: { name: 'site', environment: 'node' } }));
