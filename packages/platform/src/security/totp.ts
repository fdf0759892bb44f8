import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * TOTP (RFC 6238) as authenticator apps use it: HMAC-SHA-1 (RFC 4226), 6 digits, 30-second steps,
 * secrets shared as base32 (RFC 4648, no padding).
 */
export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Clock drift tolerated between the app and the platform, in steps each way. */
export const TOTP_WINDOW = 1;

const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let output = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      output += BASE32_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) output += BASE32_ALPHABET[(value << (5 - bits)) & 31];
  return output;
}

export function base32Decode(text: string): Uint8Array {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = BASE32_ALPHABET.indexOf(char);
    if (index < 0) throw new Error(`"${char}" is not a base32 character`);
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Uint8Array.from(bytes);
}

/** A new shared secret: 160 bits, the HMAC-SHA-1 key size RFC 4226 recommends. */
export const generateTotpSecret = (): string => base32Encode(randomBytes(20));

export const totpStepAt = (unixMillis: number): number => Math.floor(unixMillis / 1000 / TOTP_STEP_SECONDS);

/** The code for one time step (HOTP with the step as counter, RFC 4226 §5.3 dynamic truncation). */
export function totpCodeForStep(secret: Uint8Array, step: number, digits: number = TOTP_DIGITS): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', secret).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fff_ffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

export const totpCode = (base32Secret: string, unixMillis: number = Date.now()): string =>
  totpCodeForStep(base32Decode(base32Secret), totpStepAt(unixMillis));

/**
 * The time step a code belongs to, if it is valid now (± TOTP_WINDOW steps) and newer than
 * `lastUsedStep` (a code is accepted once); else undefined.
 */
export function matchTotpStep(
  base32Secret: string,
  code: string,
  lastUsedStep: number | null,
  unixMillis: number = Date.now(),
): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const secret = base32Decode(base32Secret);
  const now = totpStepAt(unixMillis);
  for (let step = now - TOTP_WINDOW; step <= now + TOTP_WINDOW; step++) {
    if (lastUsedStep !== null && step <= lastUsedStep) continue;
    if (timingSafeEqual(Buffer.from(totpCodeForStep(secret, step)), Buffer.from(code))) return step;
  }
  return undefined;
}

/** The URI authenticator apps read from a QR code (Google Authenticator's Key Uri Format). */
export function otpauthUri(issuer: string, account: string, base32Secret: string): string {
  // `@` may stand unencoded in a URI path (RFC 3986 pchar), and apps show the label as written.
  const encode = (text: string) => encodeURIComponent(text).replaceAll('%40', '@');
  return `otpauth://totp/${encode(issuer)}:${encode(account)}?secret=${base32Secret}&issuer=${encode(issuer)}`;
}
