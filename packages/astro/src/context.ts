import { AsyncLocalStorage } from 'node:async_hooks';
import { type ContextSlots, setRequestContext } from '@atrium/sdk';

/**
 * The per-request context of the server: one `AsyncLocalStorage` whose store is the request's
 * context slots, installed in the SDK once (`setRequestContext`). Module functions called directly
 * (`posts.queryPosts()`) during a request then run on that request's client, whatever other
 * requests are being served at the same time.
 */
const STORE_KEY = Symbol.for('atrium.astro.requestStore');

export function requestStore(): AsyncLocalStorage<ContextSlots> {
  const holder = globalThis as typeof globalThis & { [STORE_KEY]?: AsyncLocalStorage<ContextSlots> };
  holder[STORE_KEY] ??= new AsyncLocalStorage<ContextSlots>();
  setRequestContext(holder[STORE_KEY]);
  return holder[STORE_KEY];
}
