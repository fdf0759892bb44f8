/**
 * The contract between a client and its authentication strategy. The reference client's strategies
 * have the same shape, so a strategy written for one works with the other.
 */
export interface AuthHeaders {
  headers: Record<string, string>;
}

/** The client's transport, handed to its strategy so token requests use the same host and fetch. */
export interface StrategyTransport {
  /** Origin of the platform's standard API host, without a trailing slash. */
  apiBaseUrl: string;
  fetch: typeof fetch;
  /**
   * Runs a module operation through the client itself (its host, headers and consistency token),
   * as a call made by the application would run. Absent for a strategy used on its own.
   */
  invoke?: (operation: unknown, args: readonly unknown[]) => Promise<unknown>;
}

export interface AuthenticationStrategy {
  getAuthHeaders(): Promise<AuthHeaders> | AuthHeaders;
  /** Service calls go to the edge (CDN) host unless the client's `useCDN` option says otherwise. */
  shouldUseCDN?: boolean;
  /**
   * True when the strategy acts with the site owner's rights (an API key). Only such a client may
   * serve as the elevated context (`enableContext(type, { elevated: true })`, `elevate`).
   */
  readonly elevated?: boolean;
  /** Called by `createClient`. @internal */
  attach?(transport: StrategyTransport): void;
}
