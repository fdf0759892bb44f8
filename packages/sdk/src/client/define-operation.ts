import type { GatewayDescriptor } from '@atrium/contract/routes/core';
import type { ServicePrefix } from '@atrium/contract/routes/prefixes';
import type { ModuleDefinition, ModuleOptions, OperationDefinition } from './operation.js';
import type { HttpMethod } from './transport.js';

/*
 * How the SDK's own service modules, whose operations are plain data loaded on demand, define them:
 * in a file that imports nothing at run time, so that they need not import ./operation.ts
 * (../../BUNDLE.md §3). `serviceModule` makes the `ModuleDefinition` (what `lazyModule` loads).
 */

/** What an operation sends and how its answer is read: `OperationDefinition` but for its route. */
export interface OperationParts<Args extends unknown[], Result> {
  /** Overrides the module's prefix, for modules that span services (forms submissions). */
  prefix?: ServicePrefix;
  /** Overrides the descriptor `serviceModule` looks up by the operation's name. */
  gateway?: GatewayDescriptor;
  request: (...args: Args) => object;
  response?: (body: never) => Result;
  fallback?: { method: 'POST' };
}

/** An operation as a service module lists it (see `serviceModule`): its route, then its parts. */
export interface RoutedOperation<Args extends unknown[], Result> extends OperationParts<Args, Result> {
  method: HttpMethod;
  path: string;
}

/** `method` and `path` (the service-relative route), then what the operation sends and returns. */
export const route = <Args extends unknown[], Result = unknown>(
  method: HttpMethod,
  path: string,
  parts: OperationParts<Args, Result>,
): RoutedOperation<Args, Result> => ({ method, path, ...parts });

// biome-ignore lint/suspicious/noExplicitAny: operations of any signature are accepted here
export type AnyRoutedOperation = RoutedOperation<any, any>;

type Defined<Ops> = {
  [K in keyof Ops]: Ops[K] extends RoutedOperation<infer Args, infer Result>
    ? OperationDefinition<Args, Result>
    : never;
};

/**
 * A service module as plain data, its operations' gateway descriptors looked up by their names (unless
 * an operation names its own): in the service's table (`MEMBERS_GATEWAY.getMember`), or from a
 * function of the proto method's name (`getPost` → `gateway('GetPost')`).
 */
export const serviceModule = <Ops extends Record<string, AnyRoutedOperation>>(
  options: ModuleOptions,
  gateways: { readonly [K in keyof Ops]: GatewayDescriptor } | ((method: string) => GatewayDescriptor),
  operations: Ops,
): ModuleDefinition<Defined<Ops>> => {
  const gatewayOf = (name: keyof Ops & string) =>
    typeof gateways === 'function' ? gateways(name.charAt(0).toUpperCase() + name.slice(1)) : gateways[name];
  const defined = Object.fromEntries(
    Object.entries(operations).map(([name, operation]) => [
      name,
      { ...operation, gateway: operation.gateway ?? gatewayOf(name) },
    ]),
  );
  return { options, operations: defined as Defined<Ops> };
};

/**
 * The `keys` of `source`, in that order, undefined ones too (as `{ a: source.a, b: source.b }` has
 * them): the options a call sends as they are.
 */
export const pick = <T extends object, K extends keyof T>(source: T | undefined, ...keys: K[]): Pick<T, K> =>
  Object.fromEntries(keys.map((key) => [key, source?.[key]])) as Pick<T, K>;
