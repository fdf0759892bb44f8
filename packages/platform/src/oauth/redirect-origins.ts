import type { OAuthClient } from './store.js';

/**
 * A client may send members only to, and receive web messages only from, the origins registered
 * for it (`--redirect-origin`): exact scheme, host and port.
 */

/** The origin of an absolute http(s) URL, or undefined for anything else (relative, javascript:, …). */
export function webOrigin(url: string): string | undefined {
  if (!URL.canParse(url)) return undefined;
  const parsed = new URL(url);
  return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : undefined;
}

/** Whether an http(s) URL has a userinfo part (`https://user:pass@host/`): never a destination. */
export const hasCredentials = (url: string): boolean => {
  const parsed = new URL(url);
  return parsed.username !== '' || parsed.password !== '';
};

export const isRegisteredOrigin = (client: OAuthClient, origin: string | undefined): origin is string =>
  origin !== undefined && client.redirectOrigins.includes(origin);

/** Why `url` may not be a destination for `client`, or undefined when it may. */
export function redirectUrlRefusal(client: OAuthClient, url: string): string | undefined {
  const origin = webOrigin(url);
  if (origin === undefined) return `must be an absolute http(s) URL, got "${url}"`;
  if (hasCredentials(url)) return 'must not carry credentials (user@host)';
  if (!isRegisteredOrigin(client, origin)) {
    return `origin ${origin} is not registered for client "${client.id}" (registered: ${
      client.redirectOrigins.join(', ') || 'none'
    })`;
  }
  return undefined;
}
