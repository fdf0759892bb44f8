import { invalidJwt, WebhookError } from './errors.js';

/**
 * Verifying the JWTs of webhooks and service plugin calls with WebCrypto alone: RS256 only (the
 * header's `alg` must say so; `none`, HS256 and every other algorithm are refused, so a public key
 * can never serve as an HMAC secret), `crit` refused, `exp` and `nbf` checked when present, and for
 * service plugins `iss` and `aud`. Loaded by `AppStrategy.decodeJWT` on first use (../../BUNDLE.md §1).
 */

const RS256 = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } as const;
const PEM = /-----BEGIN PUBLIC KEY-----([A-Za-z0-9+/=\s]+)-----END PUBLIC KEY-----/;
const BASE64URL = /^[A-Za-z0-9_-]*$/;

const bytesOf = (binary: string) => Uint8Array.from(binary, (char) => char.charCodeAt(0));

function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> {
  if (!BASE64URL.test(text)) throw new Error('not base64url');
  return bytesOf(atob(text.replaceAll('-', '+').replaceAll('_', '/')));
}

/** A JSON object (not an array, not null) from base64url text, or an error naming `part`. */
function jsonObject(text: string, part: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(base64UrlBytes(text)));
  } catch (cause) {
    throw new Error(`the ${part} is not base64url-encoded JSON`, { cause });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`the ${part} is not a JSON object`);
  }
  return value as Record<string, unknown>;
}

/** The public key as WebCrypto reads it: PEM SPKI text, one line of base64 of that text, or a JWK. */
async function importPublicKey(publicKey: string | JsonWebKey): Promise<CryptoKey> {
  if (typeof publicKey !== 'string')
    return crypto.subtle.importKey('jwk', publicKey, RS256, false, ['verify']);
  let text = publicKey.trim();
  if (text.startsWith('{')) return importPublicKey(JSON.parse(text) as JsonWebKey);
  if (!text.includes('-----')) {
    const decoded = atob(text);
    // One line of base64 is the PEM text encoded (as the reference reads it), or else the DER itself.
    if (!decoded.includes('-----BEGIN')) {
      return crypto.subtle.importKey('spki', bytesOf(decoded), RS256, false, ['verify']);
    }
    text = decoded;
  }
  const body = PEM.exec(text)?.[1];
  if (!body) throw new Error('no "-----BEGIN PUBLIC KEY-----" block (an SPKI public key)');
  return crypto.subtle.importKey('spki', bytesOf(atob(body.replace(/\s/g, ''))), RS256, false, ['verify']);
}

/** Imported keys by their text: a strategy imports its key once. A failed import is retried. */
const keys = new Map<string, Promise<CryptoKey>>();

function keyFor(publicKey: string | JsonWebKey): Promise<CryptoKey> {
  const id = typeof publicKey === 'string' ? publicKey : JSON.stringify(publicKey);
  let key = keys.get(id);
  if (!key) {
    key = importPublicKey(publicKey).catch((cause: unknown) => {
      keys.delete(id);
      throw new WebhookError(
        'invalid_public_key',
        'The public key is not an RSA public key in SPKI PEM form (or base64 of it) or a JWK',
        { cause },
      );
    });
    keys.set(id, key);
  }
  return key;
}

export interface ClaimChecks {
  issuer?: string;
  audience?: string;
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * The claims of a compact JWS signed RS256 by `key`'s private key, or an (uncoded) error saying
 * why not; `nowSeconds` is the time the claims are checked against.
 */
export async function verifyRs256(
  token: string,
  key: CryptoKey,
  checks: ClaimChecks = {},
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<Record<string, unknown>> {
  if (typeof token !== 'string') throw new TypeError('the JWT is not a string');
  const parts = token.trim().split('.');
  if (parts.length !== 3) throw new Error('not a compact JWS (three base64url parts)');
  const [headerText, payloadText, signatureText] = parts as [string, string, string];
  const header = jsonObject(headerText, 'header');
  if (header.alg !== 'RS256') throw new Error(`algorithm ${JSON.stringify(header.alg)} refused: RS256 only`);
  if ('crit' in header) throw new Error('"crit" header parameters are not supported');
  let signature: Uint8Array<ArrayBuffer>;
  try {
    signature = base64UrlBytes(signatureText);
  } catch (cause) {
    throw new Error('the signature is not base64url', { cause });
  }
  const signed = new TextEncoder().encode(`${headerText}.${payloadText}`);
  if (!(await crypto.subtle.verify(RS256, key, signature, signed))) {
    throw new Error('signature verification failed');
  }
  const claims = jsonObject(payloadText, 'payload');
  for (const claim of ['exp', 'nbf', 'iat'] as const) {
    if (claim in claims && !isNumber(claims[claim])) throw new Error(`the "${claim}" claim is not a number`);
  }
  if (isNumber(claims.exp) && claims.exp <= nowSeconds) throw new Error('the token has expired ("exp")');
  if (isNumber(claims.nbf) && claims.nbf > nowSeconds) throw new Error('the token is not valid yet ("nbf")');
  if (checks.issuer !== undefined && claims.iss !== checks.issuer) {
    throw new Error(`the "iss" claim is not ${JSON.stringify(checks.issuer)}`);
  }
  if (checks.audience !== undefined) {
    const audience = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
    if (!audience.includes(checks.audience)) {
      throw new Error(`the "aud" claim does not name ${JSON.stringify(checks.audience)}`);
    }
  }
  return claims;
}

/** Who signs service plugin calls (their `iss`); their `aud` is the app's id. */
const SERVICE_PLUGIN_ISSUER = 'wix.com';

/**
 * `AppStrategy.decodeJWT`: the token's claims, verified with the app's public key. Any failure is
 * `JWT is not valid` with the reason as `cause`; a missing or unreadable key is its own error.
 */
export async function decodeAppJwt(
  options: { appId: string; publicKey?: string | JsonWebKey },
  token: string,
  verifyCallerClaims = false,
): Promise<{ decoded: Record<string, unknown>; valid: true }> {
  if (!options.publicKey) {
    throw new WebhookError(
      'missing_public_key',
      'Missing public key. Make sure to pass it to the AppStrategy',
    );
  }
  const key = await keyFor(options.publicKey);
  const checks = verifyCallerClaims ? { issuer: SERVICE_PLUGIN_ISSUER, audience: options.appId } : {};
  try {
    return { decoded: await verifyRs256(token, key, checks), valid: true };
  } catch (cause) {
    throw invalidJwt(cause);
  }
}
