// The full registry on servers, a refusing one in browser bundles (package.json `imports`).
import { createHooks } from '#hooks';
import type { AuthenticationStrategy } from '../auth/strategy.js';
import type { ServicePlugins, Webhooks } from '../webhooks/types.js';
import { type AnyContextType, enableContext } from './context.js';
import { resolveFetch } from './fetch.js';
import type { GraphQLOptions, GraphQLResult } from './graphql.js';
import { setAll } from './headers.js';
import { type HostOptions, resolveHosts } from './hosts.js';
import { type Bound, mapOperations } from './module-function.js';
import { loadOnDemand, runtimeOf } from './runtime.js';
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
