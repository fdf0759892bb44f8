import type { OperationDefinition } from './operation.js';

/**
 * `defineOperation` for the SDK's own service modules, whose operations are plain data loaded on
 * demand: the same identity function, in a file that imports nothing at run time. Bundle size:
 * `@atrium/sdk` re-exports ./operation.ts, so a bundler counts that file in a page's first chunk as
 * soon as anything uses it, and code loaded on demand that used it would split the page's first
 * JavaScript into one more chunk.
 */
export const defineOperation = <Args extends unknown[], Result = unknown>(
  definition: OperationDefinition<Args, Result>,
): OperationDefinition<Args, Result> => definition;
