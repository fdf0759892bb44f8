import type { EventDefinition, EventRegistrar, ServicePluginDefinition } from '../webhooks/types.js';
import { contextClient, elevatedContextClient } from './context.js';
import { lazyLoad } from './lazy.js';
import {
  type AnyOperationDefinition,
  type ModuleDefinition,
  type ModuleFunction,
  type ModuleOf,
  type ModuleOptions,
  OPERATION,
  type OperationRef,
} from './operation.js';
import type { ContextClient } from './runtime.js';

/**
 * Module functions: what `defineModule` returns, a client binds and a call runs. This file is what a
 * page needs up front to bind and call them; the SDK's service modules are plain data loaded on a
 * module's first call (`lazyModule`), and the code that builds the request and reads the answer
 * (./invoke.ts, part of ../on-demand.ts) is loaded by the client on its first module call
 * (./runtime.ts).
 */

/** What a module (or a single module function) becomes once bound to a client. */
export type Bound<T> =
  T extends ModuleFunction<infer Args, infer Result>
    ? (...args: Args) => Promise<Result>
    : T extends EventDefinition<infer Event>
      ? EventRegistrar<Event>
      : T extends ServicePluginDefinition<infer Implementation>
        ? (implementation: Implementation) => void
        : T extends (...args: never[]) => unknown
          ? T
          : T extends object
            ? { [K in keyof T]: Bound<T[K]> }
            : T;

/** Module functions called directly run through the context client (`enableContext`). */
const callThroughContext = (ref: OperationRef, args: unknown[]) => contextClient().call(ref, args);

/** A function named `name` that runs `ref` through the context client, and carries `ref` for binding. */
function moduleFunction(name: string, ref: OperationRef) {
  // async, so that a missing context rejects like every other failure instead of throwing.
  const fn = async (...args: unknown[]) => callThroughContext(ref, args);
  Object.defineProperty(fn, 'name', { value: name });
  Object.defineProperty(fn, OPERATION, { value: ref });
  return fn;
}

/**
 * Turns a list of operations into module functions that run through a client (`createClient({
 * modules })`, `client.use`) or, when called directly, through the context client (`enableContext`).
 * Marked free of side effects, so bundlers drop modules an application never uses.
 */
/* @__NO_SIDE_EFFECTS__ */
export function defineModule<Ops extends Record<string, AnyOperationDefinition>>(
  options: ModuleOptions,
  operations: Ops,
): ModuleOf<Ops> {
  const functions: Record<string, unknown> = {};
  for (const [name, definition] of Object.entries(operations)) {
    functions[name] = moduleFunction(name, { options, definition });
  }
  return functions as ModuleOf<Ops>;
}

/**
 * A module whose operations load on its first call: the functions of `defineModule(options,
 * operations)` for the definition `load` returns, named up front by the keys of `names` (an object,
 * so that TypeScript checks that none is missing). All its functions share one load.
 */
/* @__NO_SIDE_EFFECTS__ */
export function lazyModule<Ops extends Record<string, AnyOperationDefinition>>(
  names: { [K in keyof Ops]: 1 },
  load: () => Promise<ModuleDefinition<Ops>>,
): ModuleOf<Ops> {
  const loadModule = lazyLoad(load);
  const functions: Record<string, unknown> = {};
  for (const name of Object.keys(names)) {
    functions[name] = moduleFunction(name, async () => {
      const { options, operations } = await loadModule();
      return { options, definition: operations[name] as AnyOperationDefinition };
    });
  }
  return functions as ModuleOf<Ops>;
}

export function operationOf(value: unknown): OperationRef | undefined {
  return typeof value === 'function' ? (value as Partial<ModuleFunction<[], unknown>>)[OPERATION] : undefined;
}

const CLIENT_FUNCTION = Symbol.for('atrium.sdk.clientFunction');

/** The client a client function runs on, looked up on each call (it may throw: no context). */
export type ClientOf = () => ContextClient;

/**
 * A module function that needs its client itself rather than one operation: a builder returned
 * synchronously whose terminal call sends the requests, or a call that sends several (the data
 * items module). `make` returns the function for a client; called directly, the function runs on
 * the context client, and bound (`createClient({ modules })`, `elevate`) on the client bound.
 */
/* @__NO_SIDE_EFFECTS__ */
export function clientFunction<F extends (...args: never[]) => unknown>(make: (client: ClientOf) => F): F {
  const fn = make(contextClient);
  Object.defineProperty(fn, CLIENT_FUNCTION, { value: make });
  return fn;
}

/** The registrar an event or service plugin definition becomes on a client (../webhooks/registry.ts). */
export type Registrar = (definition: unknown) => ((argument: never) => void) | undefined;

/**
 * Binds every module function in a (nested) module object to `client`, and every event or service
 * plugin definition to `register`; other values pass through. A missing client (no context)
 * rejects the call rather than throwing.
 */
export function mapOperations<T>(modules: T, client: ClientOf, register?: Registrar): Bound<T> {
  const registrar = register?.(modules);
  if (registrar) return registrar as Bound<T>;
  if (typeof modules === 'function') {
    const make = (modules as { [CLIENT_FUNCTION]?: (client: ClientOf) => unknown })[CLIENT_FUNCTION];
    if (make) return make(client) as Bound<T>;
    const ref = operationOf(modules);
    if (!ref) return modules as Bound<T>;
    const call = async (...args: unknown[]) => client().call(ref, args);
    Object.defineProperty(call, 'name', { value: modules.name });
    return call as Bound<T>;
  }
  if (typeof modules !== 'object' || modules === null || Array.isArray(modules)) return modules as Bound<T>;
  const bound: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(modules)) bound[key] = mapOperations(value, client, register);
  return bound as Bound<T>;
}

/**
 * Runs a module function (or every function of a module) through the elevated context client,
 * for calls that need the site owner's rights.
 */
export function elevate<T>(moduleOrFunction: T): Bound<T> {
  const bound = mapOperations(moduleOrFunction, elevatedContextClient);
  if (typeof moduleOrFunction === 'function' && (bound as unknown) === moduleOrFunction) {
    throw new TypeError('elevate() expects a module function, such as redirects.createRedirectSession');
  }
  return bound;
}
