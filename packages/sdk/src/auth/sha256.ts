/**
 * SHA-256 (FIPS 180-4 §6.2), synchronous, for the PKCE S256 challenge: `generateOAuthData` returns
 * its data at once, as the reference's does, and WebCrypto's digest is only asynchronous (and is
 * missing on insecure origins). Hashing a 43-character verifier takes microseconds.
 */

/** H(0) and K, filled on first use. */
const initialHash: number[] = [];
const roundConstants: number[] = [];

/**
 * The first 32 bits of the fractional parts of the square roots of the first 8 primes (H(0),
 * §5.3.3) and of the cube roots of the first 64 (K, §4.2.2).
 */
function computeConstants(): void {
  const fraction32 = (root: number) => ((root % 1) * 2 ** 32) >>> 0;
  for (let n = 2; roundConstants.length < 64; n += 1) {
    let prime = true;
    for (let d = 2; d * d <= n; d += 1) if (n % d === 0) prime = false;
    if (!prime) continue;
    if (initialHash.length < 8) initialHash.push(fraction32(Math.sqrt(n)));
    roundConstants.push(fraction32(Math.cbrt(n)));
  }
}

const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));

/** The working variables a…h of the compression function. */
type Words = [number, number, number, number, number, number, number, number];

export function sha256(message: Uint8Array): Uint8Array {
  if (roundConstants.length === 0) computeConstants();
  // Padding (§5.1.1): a 1 bit, zeros, then the length in bits, 64-bit big-endian; whole 64-byte blocks.
  const padded = new Uint8Array((message.length + 72) & ~63);
  padded.set(message);
  padded[message.length] = 0x80;
  const data = new DataView(padded.buffer);
  data.setUint32(padded.length - 8, message.length / 2 ** 29);
  data.setUint32(padded.length - 4, message.length << 3);
  // Uint32Arrays keep every sum modulo 2^32, as the standard's additions are.
  const hash = Uint32Array.from(initialHash);
  const v = new Uint32Array(8);
  const w = new Uint32Array(64);
  for (let block = 0; block < padded.length; block += 64) {
    v.set(hash);
    for (let t = 0; t < 64; t += 1) {
      if (t < 16) {
        w[t] = data.getUint32(block + t * 4);
      } else {
        const x = w[t - 15]!;
        const y = w[t - 2]!;
        const s0 = rotr(x, 7) ^ rotr(x, 18) ^ (x >>> 3);
        const s1 = rotr(y, 17) ^ rotr(y, 19) ^ (y >>> 10);
        w[t] = w[t - 16]! + s0 + w[t - 7]! + s1;
      }
      const [a, b, c, , e, f, g, h] = v as unknown as Words;
      const t1 =
        h + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + roundConstants[t]! + w[t]!;
      const t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
      v.copyWithin(1, 0, 7); // h = g, g = f, …, b = a
      v[4]! += t1; // e = d + T1
      v[0] = t1 + t2; // a = T1 + T2
    }
    for (let i = 0; i < 8; i += 1) hash[i]! += v[i]!;
  }
  const digest = new DataView(new ArrayBuffer(32));
  for (let i = 0; i < 8; i += 1) digest.setUint32(i * 4, hash[i]!);
  return new Uint8Array(digest.buffer);
}
