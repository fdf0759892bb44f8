import type { Db } from '../storage/database.js';
import { findClient, type OAuthClient } from './store.js';

/**
 * A client may send members only to, and receive web messages only from, the origins registered
 * for it (`--redirect-origin`): exact scheme, host and port.
 *
 * Every client-supplied destination (an authorization's redirectUri, a redirect session's
 * callbacks and login origin, a logout's postLogoutRedirectUri, a reset or verification link's
 * redirect.url) goes through `checkRedirectUrl` (or its two halves, `destinationUrl` and
 * `registeredOriginRefusal`), and what is stored, linked and redirected to is its WHATWG
 * serialisation, never the text as sent. A URL that parsers read differently is refused: browsers
 * read `http://site\@evil.example/` as a path on `site`, curl and Python as the host `evil.example`.
 */

/** The origin of an absolute http(s) URL, or undefined for anything else (relative, javascript:, …). */
export function webOrigin(url: string): string | undefined {
  if (!URL.canParse(url)) return undefined;
  const parsed = new URL(url);
  return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : undefined;
}

/** Why a URL is refused: its form (not an absolute http(s) URL), or a part that changes its meaning. */
export type DestinationRule = 'FORMAT' | 'UNAMBIGUOUS_URL' | 'NO_CREDENTIALS';

export type Destination =
  | { readonly ok: true; readonly url: URL }
  | { readonly ok: false; readonly rule: DestinationRule; readonly description: string };

const refused = (rule: DestinationRule, description: string): Destination => ({
  ok: false,
  rule,
  description,
});

/** Written as `http://` or `https://` and a host: not `http:host`, `http:/host`, `http:///host`, `http:\\host`. */
const ABSOLUTE_WEB_URL = /^(https?):\/\/[^/]/i;
/** Backslashes, control characters and whitespace: WHATWG parsers drop or rewrite them, others do not. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const AMBIGUOUS_CHARACTER = /[\\\s\u0000-\u001f\u007f]/u;
const DEFAULT_PORTS: Record<string, string> = { http: '80', https: '443' };

/**
 * `raw` as a destination: an absolute http(s) URL whose meaning does not depend on the parser. The
 * serialisation may differ from `raw` only harmlessly (a lower-case scheme and host, a default port
 * dropped, `/` added as the empty path, dot segments resolved, non-ASCII percent-encoded); anything
 * else (backslashes, control characters, whitespace, userinfo, a host written otherwise than the
 * parser reads it, such as `0x7f.1` or `%6c%6fcalhost`) is refused.
 */
export function destinationUrl(raw: string): Destination {
  const scheme = ABSOLUTE_WEB_URL.exec(raw)?.[1]?.toLowerCase();
  if (scheme === undefined || !URL.canParse(raw)) {
    return refused('FORMAT', 'must be an absolute http(s) URL');
  }
  const ambiguous = AMBIGUOUS_CHARACTER.exec(raw)?.[0];
  if (ambiguous !== undefined) {
    const named = ambiguous === '\\' ? 'a backslash' : `the character U+${codePoint(ambiguous)}`;
    return refused('UNAMBIGUOUS_URL', `must not contain ${named}: URL parsers disagree on what it means`);
  }
  const url = new URL(raw);
  const authority = raw.slice(scheme.length + 3).split(/[/?#]/, 1)[0] ?? '';
  if (authority.includes('@') || url.username !== '' || url.password !== '') {
    return refused('NO_CREDENTIALS', 'must not carry credentials (user@host)');
  }
  const written = authority.toLowerCase();
  const withoutDefaultPort = written.endsWith(`:${DEFAULT_PORTS[scheme]}`)
    ? written.slice(0, written.lastIndexOf(':'))
    : written.replace(/:$/, '');
  if (withoutDefaultPort !== url.host) {
    return refused(
      'UNAMBIGUOUS_URL',
      `must name its host as parsers read it: "${authority}" is read as "${url.host}"`,
    );
  }
  return { ok: true, url };
}

const codePoint = (character: string): string =>
  (character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0');

export const isRegisteredOrigin = (
  client: Pick<OAuthClient, 'redirectOrigins'>,
  origin: string | undefined,
): origin is string => origin !== undefined && client.redirectOrigins.includes(origin);

/** Why `url` (a checked destination) may not be a destination for `client`, or undefined when it may. */
export function registeredOriginRefusal(
  client: Pick<OAuthClient, 'id' | 'redirectOrigins'>,
  url: URL,
): string | undefined {
  if (isRegisteredOrigin(client, url.origin)) return undefined;
  return `origin ${url.origin} is not registered for client "${client.id}" (registered: ${
    client.redirectOrigins.join(', ') || 'none'
  })`;
}

export type CheckedRedirect =
  | { readonly ok: true; readonly href: string }
  | {
      readonly ok: false;
      readonly rule: DestinationRule | 'REGISTERED_ORIGIN';
      readonly description: string;
    };

/**
 * `raw` as a destination of `client`: its normalised form (`href`, what to store and redirect to),
 * or why it is refused.
 */
export function checkRedirectUrl(
  client: Pick<OAuthClient, 'id' | 'redirectOrigins'>,
  raw: string,
): CheckedRedirect {
  const destination = destinationUrl(raw);
  if (!destination.ok) return destination;
  const refusal = registeredOriginRefusal(client, destination.url);
  if (refusal !== undefined) return { ok: false, rule: 'REGISTERED_ORIGIN', description: refusal };
  return { ok: true, href: destination.url.href };
}

/** The origins registered for a client (none for a client that is not registered). */
export async function clientRedirectOrigins(db: Db, clientId: string): Promise<readonly string[]> {
  return (await findClient(db, clientId))?.redirectOrigins ?? [];
}
