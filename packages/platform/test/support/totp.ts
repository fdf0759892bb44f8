import { createHmac } from 'node:crypto';

/**
 * RFC 6238 written out again for the tests, independently of security/totp.ts: HMAC-SHA-1 of the
 * 30-second step, dynamic truncation (RFC 4226 §5.3), 6 digits.
 */
export function totpCode(base32Secret: string, unixMillis = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bits = [...base32Secret].map((char) => alphabet.indexOf(char).toString(2).padStart(5, '0')).join('');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((byte) => Number.parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(unixMillis / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[19]! & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** Keeps a test's codes and the platform's clock in one 30-second step (waits out its last `marginMs`). */
export async function awayFromStepBoundary(marginMs: number): Promise<void> {
  const intoStep = Date.now() % 30_000;
  if (intoStep > 30_000 - marginMs)
    await new Promise((resolve) => setTimeout(resolve, 30_000 - intoStep + 50));
}
