/** `atrium({ … })` in `astro.config`: where the platform is and which OAuth client the site is. */
export interface AtriumAstroOptions {
  /** The platform's URL (the local platform: `http://127.0.0.1:7070`); default `ATRIUM_PLATFORM_URL`. */
  platformUrl?: string;
  /** The site's OAuth client id (registered on the platform); default `ATRIUM_CLIENT_ID`. */
  clientId?: string;
  /** Where the login, callback, logout and session routes are (defaults below). */
  routes?: Partial<AtriumRoutes>;
  /** Make a client in context in the browser too (an injected script; default true). */
  browserClient?: boolean;
}

export interface AtriumRoutes {
  login: string;
  callback: string;
  logout: string;
  /** GET: the session's access token (never its refresh token), for the browser client. */
  session: string;
}

export const DEFAULT_ROUTES: AtriumRoutes = {
  login: '/api/auth/login',
  callback: '/api/auth/callback',
  logout: '/api/auth/logout',
  session: '/api/auth/session',
};

/** What the middleware and the routes read (the options resolved at `astro:config:setup`). */
export interface AtriumConfig {
  platformUrl: string;
  clientId: string;
  routes: AtriumRoutes;
}

type Env = Record<string, string | undefined>;

export function resolveConfig(options: AtriumAstroOptions, env: Env = process.env): AtriumConfig {
  const platformUrl = (options.platformUrl ?? env.ATRIUM_PLATFORM_URL ?? '').replace(/\/+$/, '');
  const clientId = options.clientId ?? env.ATRIUM_CLIENT_ID ?? '';
  if (!/^https?:\/\//.test(platformUrl)) {
    throw new Error(
      `@atrium/astro: platformUrl must be the platform's http(s) URL (got ${JSON.stringify(platformUrl)}); set it or ATRIUM_PLATFORM_URL`,
    );
  }
  if (clientId === '') throw new Error('@atrium/astro: clientId is required (or ATRIUM_CLIENT_ID)');
  const routes = { ...DEFAULT_ROUTES, ...options.routes };
  for (const [name, path] of Object.entries(routes)) {
    if (!path.startsWith('/'))
      throw new Error(`@atrium/astro: routes.${name} must be a path starting with /`);
  }
  return { platformUrl, clientId, routes };
}
