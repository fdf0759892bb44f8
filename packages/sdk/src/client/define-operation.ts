import type {
  AnyOperationDefinition,
  ModuleDefinition,
  ModuleOptions,
  OperationDefinition,
} from './operation.js';

/**
 * `defineOperation` for the SDK's own service modules, whose operations are plain data loaded on
 * demand: the same identity function, in a file that imports nothing at run time, so that they need
 * not import ./operation.ts (../../BUNDLE.md §3).
 */
export const defineOperation = <Args extends unknown[], Result = unknown>(
  definition: OperationDefinition<Args, Result>,
): OperationDefinition<Args, Result> => definition;

/**
 * A service module as plain data (what `lazyModule` loads): the arguments of `defineModule(options,
 * operations)` in one object, without importing ./module-function.ts.
 */
export const moduleDefinition = <Ops extends Record<string, AnyOperationDefinition>>(
  options: ModuleOptions,
  operations: Ops,
): ModuleDefinition<Ops> => ({ options, operations });
