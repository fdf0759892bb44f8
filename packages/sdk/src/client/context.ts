/**
 * The ambient client used when a module function is called directly instead of through a client
 * (`redirects.createRedirectSession(...)` after `client.enableContext('global')`).
 *
 * 'module' lives in this module instance; 'global' lives on globalThis, so it is shared even when
 * a bundle ends up with two copies of the SDK. A module context wins over the global one.
 */

import { type ContextClient, type ReferenceClient, referenceContextClient } from './runtime.js';

export type { ContextClient } from './runtime.js';

export type ContextType = 'global' | 'module';

export interface ContextSlots {
  client?: ContextClient;
  elevatedClient?: ContextClient;
}

const GLOBAL_KEY = Symbol.for('atrium.sdk.context');
let moduleSlots: ContextSlots = {};

function globalSlots(): ContextSlots {
  const holder = globalThis as typeof globalThis & { [GLOBAL_KEY]?: ContextSlots };
  holder[GLOBAL_KEY] ??= {};
  return holder[GLOBAL_KEY];
}

const slotsOf = (type: ContextType): ContextSlots => (type === 'global' ? globalSlots() : moduleSlots);

/**
 * A per-request context, for servers that answer several visitors at once: a store whose
 * `getStore()` gives the slots of the request being served (Node's `AsyncLocalStorage`, which the
 * integration owns, so this file stays free of Node imports). Its client wins over the module and
 * global ones; outside a request (`getStore()` undefined) they apply as before. Kept on globalThis,
 * like the global slots, so every copy of the SDK in a server bundle reads the same one.
 */
export interface RequestContextStore {
  getStore(): ContextSlots | undefined;
}

const REQUEST_KEY = Symbol.for('atrium.sdk.requestContext');

/** Installs (or, with undefined, removes) the per-request context store (`@atrium/astro` does). */
export function setRequestContext(store: RequestContextStore | undefined): void {
  const holder = globalThis as typeof globalThis & { [REQUEST_KEY]?: RequestContextStore };
  if (store === undefined) delete holder[REQUEST_KEY];
  else holder[REQUEST_KEY] = store;
}

function requestSlots(): ContextSlots | undefined {
  return (globalThis as typeof globalThis & { [REQUEST_KEY]?: RequestContextStore })[REQUEST_KEY]?.getStore();
}

const CONTEXT_NOT_AVAILABLE = 'Wix context is not available';
const ELEVATED_CLIENT_REQUIRED = 'An elevated client is required to use elevated modules';
const NO_REQUEST_CONTEXT =
  "enableContext('request') needs a request being served (a request context store, setRequestContext)";

/** `'request'`: the request being served (`setRequestContext`), for server integrations. */
export type AnyContextType = ContextType | 'request';

export function enableContext(
  type: AnyContextType,
  client: ContextClient,
  options: { elevated?: boolean } = {},
) {
  if (type !== 'global' && type !== 'module' && type !== 'request') {
    throw new TypeError(`enableContext expects 'global' or 'module', received ${String(type)}`);
  }
  const slots = type === 'request' ? requestSlots() : slotsOf(type);
  if (!slots) throw new Error(NO_REQUEST_CONTEXT);
  if (options.elevated) {
    // Only a client that carries owner rights may answer elevated calls (docs/spec.md §6).
    if (!client.elevated) throw new Error(ELEVATED_CLIENT_REQUIRED);
    slots.elevatedClient = client;
  } else {
    slots.client = client;
  }
}

/**
 * Where the reference SDK (`@wix/sdk`) keeps the clients an app made global with
 * `enableContext('global')` (observed by running it: `globalThis.__wix_context__ = { client,
 * elevatedClient }`, each the reference's client object). Atrium's module functions called directly
 * use them when no Atrium client is in context, sending through them (`referenceContextClient`).
 */
function referenceClient(slot: keyof ContextSlots): ContextClient | undefined {
  const reference = (globalThis as { __wix_context__?: Record<string, ReferenceClient | undefined> })
    .__wix_context__?.[slot];
  return typeof reference?.fetch === 'function'
    ? referenceContextClient(reference, slot === 'elevatedClient')
    : undefined;
}

export function contextClient(): ContextClient {
  const client =
    requestSlots()?.client ?? moduleSlots.client ?? globalSlots().client ?? referenceClient('client');
  if (!client) throw new Error(CONTEXT_NOT_AVAILABLE);
  return client;
}

export function elevatedContextClient(): ContextClient {
  const client =
    requestSlots()?.elevatedClient ??
    moduleSlots.elevatedClient ??
    globalSlots().elevatedClient ??
    referenceClient('elevatedClient');
  if (!client) throw new Error(ELEVATED_CLIENT_REQUIRED);
  return client;
}

/** Forgets every context client; for tests, which must not leak clients into each other. */
export function clearContext(): void {
  moduleSlots = {};
  delete (globalThis as typeof globalThis & { [GLOBAL_KEY]?: ContextSlots })[GLOBAL_KEY];
  setRequestContext(undefined);
}
