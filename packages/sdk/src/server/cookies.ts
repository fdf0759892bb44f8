/**
 * Cookie parsing and serialization (RFC 6265), small and strict where it writes, lenient where it
 * reads: a malformed pair is skipped, never an error, since any site on the domain may set cookies.
 */

/** Browsers drop a cookie whose name and value together exceed 4096 bytes (RFC 6265 §6.1). */
export const MAX_COOKIE_BYTES = 4096;

/** A cookie name is an RFC 7230 token: visible ASCII except separators. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** cookie-octet: visible ASCII except DQUOTE, comma, semicolon and backslash (no spaces). */
const COOKIE_OCTETS = /^[\x21\x23-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]*$/;
/** Path and Domain attribute values: no control characters and no semicolon. */
const ATTRIBUTE_VALUE = /^[\x20-\x3A\x3C-\x7E]+$/;

/**
 * The values of every cookie named `name` in a Cookie header, in the header's order (browsers send
 * the cookie with the longest path first). Values are returned as sent, without surrounding
 * double quotes; a pair without `=` is skipped.
 */
export function readCookies(header: string | null | undefined, name: string): string[] {
  if (!header) return [];
  const values: string[] = [];
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq === -1 || pair.slice(0, eq).trim() !== name) continue;
    let value = pair.slice(eq + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    values.push(value);
  }
  return values;
}

/** Every cookie of a Cookie header as name → values (several when a name repeats). */
export function parseCookieHeader(header: string | null | undefined): Map<string, string[]> {
  const cookies = new Map<string, string[]>();
  if (!header) return cookies;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq === -1) continue;
    const name = pair.slice(0, eq).trim();
    if (!name) continue;
    let value = pair.slice(eq + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    const list = cookies.get(name);
    if (list) list.push(value);
    else cookies.set(name, [value]);
  }
  return cookies;
}

export type SameSite = 'Strict' | 'Lax' | 'None';

export interface CookieAttributes {
  /** Seconds until the browser drops the cookie; 0 deletes it. Omitted: a session cookie. */
  maxAge?: number;
  /** Also written as Expires, for the rare clients that ignore Max-Age. */
  expires?: Date;
  path?: string;
  domain?: string;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: SameSite;
}

/**
 * A Set-Cookie header value. `value` must already be cookie-octets (percent-encode it first, as
 * `encodeCookieValue` does); names, values and attributes that could break the header are refused
 * with a TypeError rather than written.
 */
export function serializeCookie(name: string, value: string, attributes: CookieAttributes = {}): string {
  if (!TOKEN.test(name)) throw new TypeError(`invalid cookie name: ${JSON.stringify(name)}`);
  if (!COOKIE_OCTETS.test(value)) throw new TypeError(`invalid cookie value for ${name}`);
  let cookie = `${name}=${value}`;
  const { maxAge, expires, path, domain, httpOnly, secure, sameSite } = attributes;
  if (maxAge !== undefined) {
    if (!Number.isFinite(maxAge)) throw new TypeError(`invalid Max-Age: ${maxAge}`);
    cookie += `; Max-Age=${Math.max(0, Math.floor(maxAge))}`;
  }
  if (expires !== undefined) {
    if (Number.isNaN(expires.getTime())) throw new TypeError('invalid Expires date');
    cookie += `; Expires=${expires.toUTCString()}`;
  }
  if (domain !== undefined) {
    if (!ATTRIBUTE_VALUE.test(domain)) throw new TypeError(`invalid Domain: ${JSON.stringify(domain)}`);
    cookie += `; Domain=${domain}`;
  }
  if (path !== undefined) {
    if (!ATTRIBUTE_VALUE.test(path)) throw new TypeError(`invalid Path: ${JSON.stringify(path)}`);
    cookie += `; Path=${path}`;
  }
  if (httpOnly) cookie += '; HttpOnly';
  if (secure) cookie += '; Secure';
  if (sameSite !== undefined) {
    if (sameSite !== 'Strict' && sameSite !== 'Lax' && sameSite !== 'None') {
      throw new TypeError(`invalid SameSite: ${JSON.stringify(sameSite)}`);
    }
    cookie += `; SameSite=${sameSite}`;
  }
  return cookie;
}

/** Percent-encodes any text into cookie-octets (encodeURIComponent's output always is). */
export const encodeCookieValue = (text: string): string => encodeURIComponent(text);

/** The text of an encoded value, or undefined when its percent-encoding is malformed. */
export function decodeCookieValue(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}
