import { clientFunction, operationOf } from './module-function.js';

/**
 * A module whose functions pass their failures through `rewrite` (by function name) before the
 * caller sees them, e.g. to name violations after the caller's arguments (./argument-paths.ts).
 * The functions keep running their operation on whichever client they are bound to (or the context
 * client), as module functions do. The rewrite itself loads with the module's operations.
 */
/* @__NO_SIDE_EFFECTS__ */
export function withErrorRewrite<M extends object>(
  module: M,
  rewrite: (name: string, error: unknown) => Promise<unknown>,
): M {
  const result: Record<string, unknown> = { ...(module as Record<string, unknown>) };
  for (const [name, value] of Object.entries(result)) {
    const ref = operationOf(value);
    if (ref === undefined) continue;
    result[name] = clientFunction((client) => {
      const call = async (...args: unknown[]) => {
        try {
          return await client().call(ref, args);
        } catch (error) {
          // Should the rewrite fail to load, the caller still gets the call's own error.
          throw await rewrite(name, error).catch(() => error);
        }
      };
      Object.defineProperty(call, 'name', { value: name });
      return call;
    });
  }
  return result as M;
}
