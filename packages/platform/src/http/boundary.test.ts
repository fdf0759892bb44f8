import { connect } from 'node:net';
import { HEADERS } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import { perFile } from '../../test/support/per-file.js';
import { type RawAnswer, rawRequest } from '../../test/support/raw-request.js';
import { startTestPlatform } from '../testing/index.js';
import { MAX_JSON_DEPTH } from './input-guard.js';

const platform = perFile(() => startTestPlatform(), 60_000);

type Raw = RawAnswer;

/** One request with exactly these bytes in the path and body, with the site's API key. */
const send = (method: string, path: string, body?: Buffer | string, headers: Record<string, string> = {}) =>
  rawRequest(platform.url, { method, path, body, headers: { authorization: platform.apiKey, ...headers } });

/** A raw exchange on a socket, for requests Node's own client refuses to send. */
function sendBytes(bytes: string): Promise<string> {
  const { hostname, port } = new URL(platform.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(bytes));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

const json = { 'content-type': 'application/json' };

/** A 4xx in the platform's error shape with a request id, naming `field` when given. */
function expectShaped(answer: Raw, status: number, field?: string) {
  expect(answer.status, answer.text).toBe(status);
  expect(answer.headers[HEADERS.requestId]).toMatch(/^[0-9a-f-]{36}$/);
  const body = JSON.parse(answer.text);
  expect(typeof body.message).toBe('string');
  expect(body.details.applicationError ?? body.details.validationError).toBeDefined();
  if (field !== undefined) {
    expect(body.details.validationError.fieldViolations.map((v: { field: string }) => v.field)).toContain(
      field,
    );
  }
  return body;
}

const INSERT = '/wix-data/v2/items';

describe('the input guard', () => {
  it('refuses NUL and unpaired surrogates anywhere in a JSON body, keys included, naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ dataCollectionId: 'Books', dataItem: { data: { title: 'a\u0000b' } } }, 'dataItem.data.title'],
      [{ dataCollectionId: 'Books', dataItem: { data: { title: 'x\uD800' } } }, 'dataItem.data.title'],
      [{ dataCollectionId: 'Books', dataItem: { data: { list: ['ok', '\uDC00'] } } }, 'dataItem.data.list.1'],
      [{ dataCollectionId: 'Books', dataItem: { data: { 'k\u0000': 1 } } }, 'dataItem.data.k\uFFFD'],
      [{ dataCollectionId: 'Bo\u0000oks', dataItem: { data: {} } }, 'dataCollectionId'],
    ];
    for (const [body, field] of cases) {
      const answer = await send('POST', INSERT, JSON.stringify(body), json);
      const shaped = expectShaped(answer, 400);
      // The data service's errors carry its WDE code and the violations.
      expect(JSON.stringify(shaped.details)).toContain(JSON.stringify(field).slice(1, -1));
    }
  });

  it('refuses escaped lone surrogates (valid JSON, not valid Unicode) and keeps well-formed pairs', async () => {
    const answer = await send(
      'POST',
      '/_api/iam/authentication/v2/authentication/register',
      '{"loginId":{"email":"\\ud800@x.com"},"password":"p"}',
      json,
    );
    expectShaped(answer, 400, 'loginId.email');
    const pair = await send(
      'POST',
      '/progallery/v2/galleries',
      JSON.stringify({ gallery: { name: 'emoji 😀' } }),
      json,
    );
    expect(pair.status, pair.text).toBe(200);
    expect(JSON.parse(pair.text).gallery.name).toBe('emoji 😀');
  });

  it(`refuses JSON nested deeper than ${MAX_JSON_DEPTH} levels before any service runs, and accepts ${MAX_JSON_DEPTH}`, async () => {
    const nest = (levels: number) => `${'{"a":'.repeat(levels - 1)}{}${'}'.repeat(levels - 1)}`;
    for (const depth of [MAX_JSON_DEPTH + 1, 10_000, 200_000]) {
      const body = `{"gallery":{"name":"deep","items":[{"text":{"html":"x"},"exif":${nest(depth)}}]}}`;
      const answer = await send('POST', '/progallery/v2/galleries', body, json);
      expectShaped(answer, 400);
      expect(answer.text).toContain('nested deeper');
    }
    const within = `{"dataCollectionId":"Nope","dataItem":{"data":${nest(MAX_JSON_DEPTH - 2)}}}`;
    const answer = await send('POST', INSERT, within, json);
    expect(answer.text).not.toContain('nested deeper');
  });

  it('refuses bodies that are not UTF-8 or not JSON, and other content types', async () => {
    expectShaped(
      await send('POST', INSERT, Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]), json),
      400,
      'body',
    );
    expectShaped(await send('POST', INSERT, '{"dataCollectionId":', json), 400, 'body');
    expectShaped(await send('POST', INSERT, '', json), 400, 'body');
    expectShaped(await send('POST', INSERT, '{"__proto__":{"x":1}}', json), 400, '__proto__');
    expectShaped(await send('POST', INSERT, 'hello', { 'content-type': 'text/plain' }), 415);
    expectShaped(
      await send('POST', INSERT, 'a=b', { 'content-type': 'application/x-www-form-urlencoded' }),
      415,
    );
  });

  it('refuses %00, encoded lone surrogates and bad percent-encoding in paths and query strings', async () => {
    expectShaped(await send('GET', '/progallery/v2/galleries/a%00b'), 400, 'path');
    expectShaped(await send('GET', '/progallery/v2/galleries/%ED%A0%80'), 400);
    expectShaped(await send('GET', '/progallery/v2/galleries/%E0%A4%A'), 400);
    expectShaped(await send('GET', '/_dev/mailbox?to=a%00b'), 400, 'to');
    expectShaped(await send('GET', '/progallery/v2/galleries?offset=%ZZ'), 400);
    expectShaped(await send('GET', '/progallery/v2/galleries?x%00=1'), 400, 'query');
  });
});

describe("Fastify's and Node's own refusals", () => {
  it('answer over-long path parameters with 414 in the error shape', async () => {
    expectShaped(await send('GET', `/progallery/v2/galleries/${'a'.repeat(5000)}`), 414);
  });

  it('answer over-long headers with 431 in the error shape and a request id', async () => {
    const answer = await send('GET', '/_health', undefined, { 'x-big': 'a'.repeat(20_000) });
    expectShaped(answer, 431);
  });

  it('answer a NUL in a header with 400 in the error shape', async () => {
    const answer = await sendBytes('GET /_health HTTP/1.1\r\nHost: x\r\nX-Note: a\u0000b\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer.toLowerCase()).toContain(`${HEADERS.requestId}: `);
  });

  it('answer malformed HTTP with 400 in the error shape', async () => {
    const answer = await sendBytes('GET /_health HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer.toLowerCase()).toContain(`${HEADERS.requestId}: `);
    const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
    expect(body.details.applicationError.code).toBe('BAD_REQUEST');
  });

  it('answer oversized bodies with 413 in the error shape', async () => {
    const big = JSON.stringify({ gallery: { name: 'x'.repeat(12 * 1024 * 1024) } });
    expectShaped(await send('POST', '/progallery/v2/galleries', big, json), 413);
  });

  it('answer unknown routes with 404 in the error shape', async () => {
    expectShaped(await send('GET', '/no/such/route'), 404);
  });

  it('stay healthy afterwards', async () => {
    const answer = await send('GET', '/_health');
    expect(answer.status).toBe(200);
  });
});

describe('the token endpoint form body', () => {
  it('gets the input guard too', async () => {
    const answer = await send('POST', '/oauth2/token', 'grant_type=anonymous&client_id=a%00b', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expectShaped(answer, 400, 'client_id');
  });
});
