import type { GatewayDescriptor } from '@atrium/contract/routes/core';
import type { ServicePrefix } from '@atrium/contract/routes/prefixes';
import type { ModuleFunction } from './module-function.js';
import type { HttpMethod } from './transport.js';

export { type Bound, defineModule, elevate, type ModuleFunction } from './module-function.js';

/**
 * Service modules are declarative: each operation states its HTTP method, proto path, gateway
 * descriptor, how arguments become the payload and how the response is unwrapped. `defineModule`
 * turns the list into functions that run through a client (`createClient({ modules })`,
 * `client.use`) or, when called directly, through the context client (`enableContext`).
 *
 * The SDK's own modules are plain data (`ModuleDefinition`) loaded on demand, and import only types
 * from here (see ./define-operation.ts).
 */
export interface OperationDefinition<Args extends unknown[], Result> {
  method: HttpMethod;
  /** Service-relative path (wire.md §1.2), e.g. `/v2/galleries/{galleryId}`. */
  path: string;
  gateway: GatewayDescriptor;
  /** Overrides the module's prefix, for modules that span services (forms submissions). */
  prefix?: ServicePrefix;
  /** Builds the payload from the function's arguments, in caller-facing keys. */
  request: (...args: Args) => object;
  /** Picks the result out of the response (after key renames); the whole response by default. */
  response?: (body: never) => Result;
  /** For GETs that may outgrow the URL: POST the payload as JSON instead (wire.md §1.4). */
  fallback?: { method: 'POST' };
}

export interface ModuleOptions {
  /** Named in the gateway header, e.g. `@atrium/sdk/redirects`. */
  packageName: string;
  prefix: ServicePrefix;
  /** Apply the `_id` ↔ `id` system-key renames (wire.md §1.7 step 1). */
  renameSystemKeys?: boolean;
}

/** A module as plain data: what `defineModule` takes, in one object (see `lazyModule`). */
export interface ModuleDefinition<Ops extends Record<string, AnyOperationDefinition>> {
  options: ModuleOptions;
  operations: Ops;
}

/** Identity function that lets TypeScript infer an operation's argument and result types. */
export const defineOperation = <Args extends unknown[], Result = unknown>(
  definition: OperationDefinition<Args, Result>,
): OperationDefinition<Args, Result> => definition;

export type ModuleOf<Ops> = {
  [K in keyof Ops]: Ops[K] extends OperationDefinition<infer Args, infer Result>
    ? ModuleFunction<Args, Result>
    : never;
};

// biome-ignore lint/suspicious/noExplicitAny: operations of any signature are accepted here
export type AnyOperationDefinition = OperationDefinition<any, any>;
