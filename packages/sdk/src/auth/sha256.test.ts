import { describe, expect, it } from 'vitest';
import { sha256 } from './sha256.js';

/** The synchronous SHA-256 behind the S256 challenge (FIPS 180-4). */
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const ascii = (text: string) => new TextEncoder().encode(text);

describe('sha256', () => {
  it.each([
    ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
    ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    [
      // The 448-bit message: its padding does not fit the first block.
      'abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq',
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    ],
    [
      'abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu',
      'cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1',
    ],
  ])('hashes the FIPS 180-2 example %j', (message, digest) => {
    expect(hex(sha256(ascii(message)))).toBe(digest);
  });

  it('hashes a million a (16 thousand blocks)', () => {
    expect(hex(sha256(new Uint8Array(1_000_000).fill(0x61)))).toBe(
      'cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0',
    );
  });

  it('agrees with WebCrypto on random messages of every length around the block boundaries', async () => {
    for (let length = 0; length <= 200; length += 1) {
      const message = crypto.getRandomValues(new Uint8Array(length));
      const expected = new Uint8Array(await crypto.subtle.digest('SHA-256', message));
      expect(hex(sha256(message)), `length ${length}`).toBe(hex(expected));
    }
    for (const length of [1000, 4096, 65_536]) {
      const message = crypto.getRandomValues(new Uint8Array(length));
      const expected = new Uint8Array(await crypto.subtle.digest('SHA-256', message));
      expect(hex(sha256(message)), `length ${length}`).toBe(hex(expected));
    }
  });

  it('does not change its input', () => {
    const message = ascii('abc');
    sha256(message);
    expect([...message]).toEqual([0x61, 0x62, 0x63]);
  });
});
