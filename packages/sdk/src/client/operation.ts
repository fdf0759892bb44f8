import type { GatewayDescriptor, ServicePrefix } from '@atrium/contract/routes';
import { contextClient, elevatedContextClient } from './context.js';
import { fromWireKeys, toWireKeys } from './key-renames.js';
import type { HttpMethod, Transport } from './transport.js';

/**
 * Service modules are declarative: each operation states its HTTP method, proto path, gateway
 * descriptor, how arguments become the payload and how the response is unwrapped. `defineModule`
 * turns the list into functions that run through a client (`createClient({ modules })`,
 * `client.use`) or, when called directly, through the context client (`enableContext`).
 */
export interface OperationDefinition<Args extends unknown[], Result> {
  method: HttpMethod;
  /** Service-relative path (wire.md §1.2), e.g. `/v2/galleries/{galleryId}`. */
  path: string;
  gateway: GatewayDescriptor;
  /** Overrides the module's prefix, for modules that span services (forms submissions, blog). */
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

/** An operation with its module's settings folded in: everything a client needs to run it. */
export interface ResolvedOperation {
  readonly name: string;
  readonly method: HttpMethod;
  /** Wire path: the service prefix plus the proto path. */
  readonly path: string;
  readonly gateway: GatewayDescriptor;
  readonly packageName: string;
  readonly renameSystemKeys: boolean;
  readonly request: (...args: never[]) => object;
  readonly response?: (body: never) => unknown;
  readonly fallback?: { method: 'POST' };
}

const OPERATION = Symbol.for('atrium.sdk.operation');

/** A module function as exported from a service entry point: callable, and bindable to a client. */
export type ModuleFunction<Args extends unknown[], Result> = ((...args: Args) => Promise<Result>) & {
  readonly [OPERATION]: ResolvedOperation;
};

/** What a module (or a single module function) becomes once bound to a client. */
export type Bound<T> =
  T extends ModuleFunction<infer Args, infer Result>
    ? (...args: Args) => Promise<Result>
    : T extends (...args: never[]) => unknown
      ? T
      : T extends object
        ? { [K in keyof T]: Bound<T[K]> }
        : T;

/** Identity function that lets TypeScript infer an operation's argument and result types. */
export const defineOperation = <Args extends unknown[], Result = unknown>(
  definition: OperationDefinition<Args, Result>,
): OperationDefinition<Args, Result> => definition;

type ModuleOf<Ops> = {
  [K in keyof Ops]: Ops[K] extends OperationDefinition<infer Args, infer Result>
    ? ModuleFunction<Args, Result>
    : never;
};

// biome-ignore lint/suspicious/noExplicitAny: operations of any signature are accepted here
type AnyOperationDefinition = OperationDefinition<any, any>;

/** Marked free of side effects, so bundlers drop modules an application never uses. */
/* @__NO_SIDE_EFFECTS__ */
export function defineModule<Ops extends Record<string, AnyOperationDefinition>>(
  options: ModuleOptions,
  operations: Ops,
): ModuleOf<Ops> {
  const functions: Record<string, unknown> = {};
  for (const [name, definition] of Object.entries(operations)) {
    const resolved: ResolvedOperation = Object.freeze({
      name,
      method: definition.method,
      path: (definition.prefix ?? options.prefix).wire + definition.path,
      gateway: definition.gateway,
      packageName: options.packageName,
      renameSystemKeys: options.renameSystemKeys ?? false,
      request: definition.request,
      response: definition.response,
      fallback: definition.fallback,
    });
    // async, so a missing context rejects like every other failure instead of throwing.
    const callThroughContext = async (...args: unknown[]) => contextClient().call(resolved, args);
    Object.defineProperty(callThroughContext, 'name', { value: name });
    Object.defineProperty(callThroughContext, OPERATION, { value: resolved });
    functions[name] = callThroughContext;
  }
  return functions as ModuleOf<Ops>;
}

export function operationOf(value: unknown): ResolvedOperation | undefined {
  return typeof value === 'function' ? (value as Partial<ModuleFunction<[], unknown>>)[OPERATION] : undefined;
}

/** Runs one operation on a client's transport: request transforms, HTTP call, response transforms. */
export async function invokeOperation(
  transport: Transport,
  op: ResolvedOperation,
  args: readonly unknown[],
): Promise<unknown> {
  const payload = (op.request as (...a: readonly unknown[]) => object)(...args) as Record<string, unknown>;
  const body = await transport.request({
    method: op.method,
    path: op.path,
    payload: op.renameSystemKeys ? (toWireKeys(payload) as Record<string, unknown>) : payload,
    packageName: op.packageName,
    gateway: op.gateway,
    fallback: op.fallback,
  });
  const result = op.renameSystemKeys ? fromWireKeys(body) : body;
  return op.response ? (op.response as (b: unknown) => unknown)(result) : result;
}

/** Replaces every module function in a (nested) module object; other values pass through. */
export function mapOperations<T>(modules: T, bind: (op: ResolvedOperation) => unknown): Bound<T> {
  const op = operationOf(modules);
  if (op) return bind(op) as Bound<T>;
  if (typeof modules !== 'object' || modules === null || Array.isArray(modules)) return modules as Bound<T>;
  const bound: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(modules)) bound[key] = mapOperations(value, bind);
  return bound as Bound<T>;
}

/**
 * Runs a module function (or every function of a module) through the elevated context client,
 * for calls that need the site owner's rights.
 */
export function elevate<T>(moduleOrFunction: T): Bound<T> {
  if (typeof moduleOrFunction === 'function' && !operationOf(moduleOrFunction)) {
    throw new TypeError('elevate() expects a module function, such as redirects.createRedirectSession');
  }
  return mapOperations(moduleOrFunction, (op) => {
    const callElevated = async (...args: unknown[]) => elevatedContextClient().call(op, args);
    Object.defineProperty(callElevated, 'name', { value: op.name });
    return callElevated;
  });
}
