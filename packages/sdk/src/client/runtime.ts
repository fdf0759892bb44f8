import { rejectAsSystemError } from './errors.js';
import { resolveHosts } from './hosts.js';
import { lazyLoad } from './lazy.js';
import type { ModuleOperation, OperationRef } from './operation.js';
import { Transport } from './transport.js';

/**
 * What runs module calls: a client's runtime, which loads ../on-demand.ts (the code that builds the
 * request and reads the answer) on its first call, and the runtime of a client that the reference
 * SDK made global (./context.ts). Apart from ./create-client.ts, so that the context reaches it
 * without reaching the client, and the on-demand code reaches neither.
 */

/** The part of a client that runs operations; kept minimal so that ./context.ts depends on little. */
export interface ContextClient {
  readonly elevated: boolean;
  call(operation: unknown, args: readonly unknown[]): Promise<unknown>;
  /** For module functions that send their own requests (`clientFunction`, the data items module). */
  readonly transport: Transport;
}

/**
 * Loads ../on-demand.ts, the code that runs module calls and `client.graphql`, on a client's first
 * such call. An object so that tests can count and fail the loads. @internal
 */
export const onDemandLoader = { load: () => import('../on-demand.js') };

/** Shared by every client; a load that fails rejects as an unreachable platform does, and is retried. */
export const loadOnDemand = /* @__PURE__ */ lazyLoad(() => onDemandLoader.load().catch(rejectAsSystemError));

/**
 * The operation itself. A load that fails rejects as an unreachable platform does, with a system
 * error, so that every failed module call still rejects with an SDKError.
 */
async function resolveOperation(ref: OperationRef): Promise<ModuleOperation> {
  return typeof ref === 'function' ? ref().catch(rejectAsSystemError) : ref;
}

/** What runs a client's module calls: `transport` sends them. */
export function runtimeOf(transport: Transport, elevated: boolean): ContextClient {
  return {
    elevated,
    transport,
    // The operation (of a module loaded on first call) and the code that runs it load together.
    call: (ref, args) =>
      Promise.all([resolveOperation(ref as OperationRef), loadOnDemand()]).then(([op, onDemand]) =>
        onDemand.invokeOperation(transport, op, args),
      ),
  };
}

/** What `referenceContextClient` uses of a reference client (`@wix/sdk`'s client object). */
export interface ReferenceClient {
  /** A path on its API host, sent with its headers (`setHeaders`) and authentication. */
  fetch(relativeUrl: string, init?: RequestInit): Promise<Response>;
}

/**
 * Runs module calls through a client that the reference SDK made global (./context.ts): each
 * request goes through its `fetch`, so that the app's set-up of that client (host, headers,
 * authentication) applies. Written small: every page carries it. @internal
 */
export const referenceContextClient = (reference: ReferenceClient, elevated: boolean): ContextClient =>
  runtimeOf(
    new Transport({
      hosts: resolveHosts({}),
      fetch: ((url: string, init: RequestInit) => {
        // A plain object (a Headers object spread is empty), without the JSON content type its
        // `fetch` sets itself (twice would be one invalid header).
        const headers = Object.fromEntries(new Headers(init.headers));
        delete headers['content-type'];
        const { pathname, search } = new URL(url);
        return reference.fetch(pathname + search, { ...init, headers });
      }) as typeof fetch,
      useCDN: false,
      auth: undefined,
      headers: {},
    }),
    elevated,
  );
