import type { AuthenticationStrategy, AuthHeaders, TokenRole } from '@atrium/sdk';

/**
 * The browser half of the session: an authentication strategy whose access token comes from the
 * site's session route (`routes.session`, `sessionRoute` in `server.ts`), so that the page's client
 * is the same visitor or member as the server's, the refresh token never leaving the HttpOnly cookie.
 *
 * What the hosted platform's own integration (npm `@wix/astro` 2.x, its published
 * `astro-auth/browser-runtime/setup.js` and `middleware/auth.mjs`) does, and what is kept of it: one
 * session for server and browser, the server's middleware owning it (a visitor's tokens before the
 * page renders, the member's after the callback route), and a browser client made global in context
 * by an injected page script, so that module functions called directly in page scripts run as that
 * session. It shares the session through a cookie scripts can read (`wixSession`, the refresh token
 * included), which the browser client reads and writes; here the cookie stays HttpOnly and the
 * browser asks the server for the access token instead.
 */

/** What the session route answers (`SessionAnswer` in `server.ts`). */
export interface BrowserSession {
  accessToken: { value: string; expiresAt: number };
  role: TokenRole;
}

export interface SessionStrategyOptions {
  /** The session route's URL (same origin as the page). */
  url: string;
  /** `fetch` for the session route; `globalThis.fetch` by default. */
  fetch?: typeof fetch;
}

export interface SessionStrategy extends AuthenticationStrategy {
  readonly shouldUseCDN: true;
  /** `{ headers: { Authorization: <access token> } }`, asking the session route when it has none usable. */
  getAuthHeaders(): Promise<AuthHeaders>;
  /** The session's access token and role: the one held while usable, else the session route's. */
  getSession(): Promise<BrowserSession>;
  /** Whether the last answer of the session route was a member's (false before the first). */
  loggedIn(): boolean;
  /** Forgets the held token: the next call asks the session route (after a sign-in or out without a page load). */
  reset(): void;
}

/** Seconds before its expiry a held access token is asked for again (the server hands out at least 60). */
const EXPIRY_MARGIN = 10;

const usable = (session: BrowserSession | undefined): session is BrowserSession =>
  !!session?.accessToken.value && session.accessToken.expiresAt - Date.now() / 1000 > EXPIRY_MARGIN;

function isSession(value: unknown): value is BrowserSession {
  const session = value as Partial<BrowserSession> | null;
  return (
    typeof session?.accessToken?.value === 'string' &&
    typeof session.accessToken.expiresAt === 'number' &&
    typeof session.role === 'string'
  );
}

export function sessionStrategy(options: SessionStrategyOptions): SessionStrategy {
  let held: BrowserSession | undefined;
  let asking: Promise<BrowserSession> | undefined;

  async function ask(): Promise<BrowserSession> {
    const response = await (options.fetch ?? fetch)(options.url, {
      credentials: 'same-origin',
      cache: 'no-store',
      headers: { accept: 'application/json' },
    });
    const body: unknown = await response.json().catch(() => undefined);
    if (!response.ok || !isSession(body)) {
      throw new Error(`@atrium/astro: the session route answered ${response.status}`);
    }
    held = body;
    return body;
  }

  const getSession = (): Promise<BrowserSession> => {
    if (usable(held)) return Promise.resolve(held);
    // One request however many calls wait for it; a failure is retried by the next call.
    asking ??= ask().finally(() => {
      asking = undefined;
    });
    return asking;
  };

  return {
    shouldUseCDN: true,
    getSession,
    async getAuthHeaders() {
      const { accessToken } = await getSession();
      return { headers: { Authorization: accessToken.value } };
    },
    loggedIn: () => held?.role === 'member',
    reset() {
      held = undefined;
    },
  };
}
