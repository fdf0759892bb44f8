import { describe, expect, it } from 'vitest';
import {
  decodeCookieValue,
  encodeCookieValue,
  parseCookieHeader,
  readCookies,
  serializeCookie,
} from './cookies.js';

describe('parseCookieHeader and readCookies', () => {
  it('split pairs at the first "=", trim spaces, unquote, and keep repeated names in order', () => {
    const header = ' a=1;b = two=2 ; a="quoted"; novalue; =anon; c=';
    expect([...parseCookieHeader(header)]).toEqual([
      ['a', ['1', 'quoted']],
      ['b', ['two=2']],
      ['c', ['']],
    ]);
    expect(readCookies(header, 'a')).toEqual(['1', 'quoted']);
    expect(readCookies(header, 'novalue')).toEqual([]);
    expect(readCookies(null, 'a')).toEqual([]);
    // A lone quote is a value, not quoting.
    expect(readCookies('a="', 'a')).toEqual(['"']);
  });
});

describe('serializeCookie', () => {
  it('writes the attributes in one header value', () => {
    expect(
      serializeCookie('n', 'v%20', {
        maxAge: 90.7,
        expires: new Date(Date.UTC(2030, 0, 2, 3, 4, 5)),
        domain: 'example.com',
        path: '/a',
        httpOnly: true,
        secure: true,
        sameSite: 'None',
      }),
    ).toBe(
      'n=v%20; Max-Age=90; Expires=Wed, 02 Jan 2030 03:04:05 GMT; Domain=example.com; Path=/a; HttpOnly; Secure; SameSite=None',
    );
    expect(serializeCookie('n', '')).toBe('n=');
  });

  it('refuses what would break the header', () => {
    for (const name of ['', 'a b', 'a;b', 'a=b', 'é', 'a\nb']) {
      expect(() => serializeCookie(name, 'v'), name).toThrow(TypeError);
    }
    for (const value of ['a b', 'a;b', 'a,b', '"a"', 'a\\b', 'é', 'a\r\nSet-Cookie: x=1']) {
      expect(() => serializeCookie('n', value), value).toThrow(TypeError);
    }
    expect(() => serializeCookie('n', 'v', { maxAge: Number.NaN })).toThrow(TypeError);
    expect(() => serializeCookie('n', 'v', { domain: 'a;b' })).toThrow(TypeError);
    expect(() => serializeCookie('n', 'v', { path: '/\n' })).toThrow(TypeError);
    expect(() => serializeCookie('n', 'v', { sameSite: 'lax' as 'Lax' })).toThrow(TypeError);
    expect(() => serializeCookie('n', 'v', { expires: new Date(Number.NaN) })).toThrow(TypeError);
  });

  it('encodes any text into a value it accepts, and back', () => {
    const text = 'a b;c,d"e\\f=g é 😀 \u2028';
    const encoded = encodeCookieValue(text);
    expect(serializeCookie('n', encoded)).toBe(`n=${encoded}`);
    expect(decodeCookieValue(encoded)).toBe(text);
    expect(decodeCookieValue('%E0%A4%A')).toBeUndefined();
  });
});
