import type { GatewayDescriptor } from '@atrium/contract/routes/core';
import type { ServicePrefix } from '@atrium/contract/routes/prefixes';
import type { HttpMethod } from './transport.js';

/**
 * Service modules are declarative: each operation states its HTTP method, proto path, gateway
 * descriptor, how arguments become the payload and how the response is unwrapped. `defineModule`
 * turns the list into functions that run through a client (`createClient({ modules })`,
 * `client.use`) or, when called directly, through the context client (`enableContext`).
 *
 * The SDK's own modules are plain data (`ModuleDefinition`) loaded on demand, and import only types
 * from here (see ./define-operation.ts). This file imports nothing at run time, so that every other
 * client file can import it (./module-function.ts makes and binds the functions).
 */
export interface OperationDefinition<Args extends unknown[], Result> {
  method: HttpMethod;
  /** Service-relative path (docs/wire.md §1.2), e.g. `/v2/galleries/{galleryId}`. */
  path: string;
  gateway: GatewayDescriptor;
  /** Overrides the module's prefix, for modules that span services (forms submissions). */
  prefix?: ServicePrefix;
  /** Builds the payload from the function's arguments, in caller-facing keys. */
  request: (...args: Args) => object;
  /** Picks the result out of the response (after key renames); the whole response by default. */
  response?: (body: never) => Result;
  /** For GETs that may outgrow the URL: POST the payload as JSON instead (docs/wire.md §1.4). */
  fallback?: { method: 'POST' };
}

export interface ModuleOptions {
  /** Named in the gateway header, e.g. `@atrium/sdk/redirects`. */
  packageName: string;
  prefix: ServicePrefix;
  /** Apply the `_id` ↔ `id` system-key renames (docs/wire.md §1.7 step 1). */
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

/** An operation as a client runs it (see ./invoke.ts): its definition and its module's settings. */
export interface ModuleOperation {
  readonly options: ModuleOptions;
  readonly definition: AnyOperationDefinition;
}

/** What a module function carries: its operation, or (for a module loaded on first call) a loader of it. */
export type OperationRef = ModuleOperation | (() => Promise<ModuleOperation>);

/** The key under which a module function carries its operation (./module-function.ts). */
export const OPERATION = Symbol.for('atrium.sdk.operation');

/** A module function as exported from a service entry point: callable, and bindable to a client. */
export type ModuleFunction<Args extends unknown[], Result> = ((...args: Args) => Promise<Result>) & {
  readonly [OPERATION]: OperationRef;
};

export type ModuleOf<Ops> = {
  [K in keyof Ops]: Ops[K] extends OperationDefinition<infer Args, infer Result>
    ? ModuleFunction<Args, Result>
    : never;
};

// biome-ignore lint/suspicious/noExplicitAny: operations of any signature are accepted here
export type AnyOperationDefinition = OperationDefinition<any, any>;
