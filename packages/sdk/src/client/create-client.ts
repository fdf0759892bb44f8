// The full registry on servers, a refusing one in browser bundles (package.json `imports`).
import { createHooks } from '#hooks';
import type { AuthenticationStrategy } from '../auth/strategy.js';
import type { ServicePlugins, Webhooks } from '../webhooks/types.js';
import { type AnyContextType, type ContextClient, enableContext } from './context.js';
import { rejectAsSystemError } from './errors.js';
import { resolveFetch } from './fetch.js';
import type { GraphQLOptions, GraphQLResult } from './graphql.js';
import { setAll } from './headers.js';
import { type HostOptions, resolveHosts } from './hosts.js';
import { lazyLoad } from './lazy.js';
import { type Bound, mapOperations, type OperationRef, resolveOperation } from './module-function.js';
import { Transport } from './transport.js';

export interface CreateClientOptions<S extends AuthenticationStrategy | undefined, M> extends HostOptions {
  /** A strategy, or a function that creates one. Without it requests carry no Authorization. */
  auth?: S | (() => S);
  /** Service modules to bind, e.g. `{ redirects }`; they become properties of the client. */
  modules?: M;
  /** Send module calls to the edge (CDN) host; defaults to the strategy's `shouldUseCDN`. */
  useCDN?: boolean;
  /** Headers sent on every request of this client. */
  headers?: Record<string, string>;
  /** Replaces `globalThis.fetch`, for tests, proxies or older runtimes. */
  fetch?: typeof fetch;
}

export interface ClientCore<S> {
  /** The client's authentication strategy. */
  auth: S;
  /** Adds or replaces headers sent on every later request. */
  setHeaders(headers: Record<string, string>): void;
  /** `fetch` to an absolute URL with this client's headers, auth and consistency token. */
  fetchWithAuth(input: string | URL | Request, init?: RequestInit): Promise<Response>;
  graphql<Result = Record<string, unknown>, Variables = Record<string, unknown>>(
    // biome-ignore lint/complexity/noBannedTypes: typed GraphQL documents are String objects
    query: string | String,
    variables?: Variables,
    options?: GraphQLOptions,
  ): Promise<GraphQLResult<Result>>;
  /** Binds more modules to this client and returns them. */
  use<R>(modules: R): Bound<R>;
  /**
   * Makes this client the one module functions use when called directly: in this module's copy,
   * globally, or (`'request'`, server integrations) for the request being served (`setRequestContext`).
   */
  enableContext(type: AnyContextType, options?: { elevated?: boolean }): void;
  /** Verifies and dispatches the platform's webhooks (with `AppStrategy`); bound event definitions register here. */
  webhooks: Webhooks;
  /** Verifies and answers service plugin calls (with `AppStrategy`); bound service plugin definitions register here. */
  servicePlugins: ServicePlugins;
}

export type AtriumClient<S = AuthenticationStrategy | undefined, M = object> = ClientCore<S> & Bound<M>;

/**
 * Loads ../on-demand.ts, the code that runs module calls and `client.graphql`, on a client's first
 * such call. An object so that tests can count and fail the loads. @internal
 */
export const onDemandLoader = { load: () => import('../on-demand.js') };

/** Shared by every client; a load that fails rejects as an unreachable platform does, and is retried. */
const loadOnDemand = /* @__PURE__ */ lazyLoad(() => onDemandLoader.load().catch(rejectAsSystemError));

/** What runs a client's module calls: `transport` sends them. */
function runtimeOf(transport: Transport, elevated: boolean): ContextClient {
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
 * Runs module calls through a client that the reference SDK made global (`./context.ts`): each
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

export function createClient<S extends AuthenticationStrategy | undefined = undefined, M = object>(
  options: CreateClientOptions<S, M> = {},
): AtriumClient<S, M> {
  const fetchImpl = resolveFetch(options.fetch);
  const hosts = resolveHosts(options);
  const auth = (typeof options.auth === 'function' ? options.auth() : options.auth) as S;

  const transport = new Transport({
    hosts,
    fetch: fetchImpl,
    useCDN: options.useCDN ?? auth?.shouldUseCDN ?? false,
    auth,
    headers: options.headers ?? {},
  });
  const runtime = runtimeOf(transport, auth?.elevated === true);
  auth?.attach?.({ apiBaseUrl: hosts.api, fetch: fetchImpl, invoke: runtime.call });
  const hooks = createHooks(() => auth);
  const bind = <R>(modules: R): Bound<R> => mapOperations(modules, () => runtime, hooks.register);

  const core: ClientCore<S> = {
    auth,
    setHeaders: (headers) => transport.setHeaders(headers),
    fetchWithAuth: (input, init = {}) => {
      const requestHeaders =
        typeof Request !== 'undefined' && input instanceof Request ? input.headers : undefined;
      return transport.send(input, init, setAll(new Headers(requestHeaders), init.headers));
    },
    graphql: (query, variables, graphqlOptions) =>
      loadOnDemand().then((onDemand) => onDemand.sendGraphQL(transport, query, variables, graphqlOptions)),
    use: bind,
    enableContext: (type, contextOptions) => enableContext(type, runtime, contextOptions),
    webhooks: hooks.webhooks,
    servicePlugins: hooks.servicePlugins,
  };
  return Object.assign(bind(options.modules ?? {}) as object, core) as AtriumClient<S, M>;
}
