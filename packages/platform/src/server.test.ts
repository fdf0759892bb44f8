import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from './testing/index.js';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('GET /_health', () => {
  it('answers 200 {"status":"ok"}', async () => {
    const response = await fetch(`${platform.url}/_health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });
});

describe('request id', () => {
  it('is a fresh UUID on every response: success, error, unknown route and preflight', async () => {
    const responses = await Promise.all([
      fetch(`${platform.url}/_health`),
      fetch(`${platform.url}/_health`),
      fetch(`${platform.url}/oauth2/token`, {
        method: 'POST',
        body: '{}',
        headers: { 'content-type': 'application/json' },
      }),
      fetch(`${platform.url}/no/such/route`),
      fetch(`${platform.url}/oauth2/token`, {
        method: 'OPTIONS',
        headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' },
      }),
    ]);
    const ids = responses.map((response) => response.headers.get('x-wix-request-id'));
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('unknown routes', () => {
  it('answer 404 in the error shape, with code NOT_FOUND and the request id', async () => {
    const response = await fetch(`${platform.url}/_api/nothing-here`, { method: 'DELETE' });
    expect(response.status).toBe(404);
    const body = await response.json();
    expect(body).toEqual({
      message: expect.stringContaining('/_api/nothing-here'),
      details: {
        applicationError: {
          code: 'NOT_FOUND',
          description: expect.any(String),
          data: { requestId: response.headers.get('x-wix-request-id') },
        },
      },
    });
  });
});

describe('CORS', () => {
  it('answers a preflight from any origin with 204, reflecting the origin and requested headers', async () => {
    const response = await fetch(`${platform.url}/_api/redirects-api/v1/redirect-session`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://site.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type,x-wix-bi-gateway,x-wix-consistent',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('https://site.example');
    expect(response.headers.get('access-control-allow-headers')).toBe(
      'authorization,content-type,x-wix-bi-gateway,x-wix-consistent',
    );
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    expect(response.headers.get('access-control-max-age')).toBe('600');
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('answers a preflight on any path before the route runs (no credentials needed), and varies on Origin', async () => {
    const response = await fetch(`${platform.url}/wix-data/v2/items/query`, {
      method: 'OPTIONS',
      headers: { origin: 'https://site.example', 'access-control-request-method': 'GET' },
    });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    expect(response.headers.get('access-control-allow-origin')).toBe('https://site.example');
    expect(response.headers.get('vary')).toBe('Origin, Access-Control-Request-Headers');
    const unknown = await fetch(`${platform.url}/no/such/route`, { method: 'OPTIONS' });
    expect(unknown.status).toBe(204);
    expect(unknown.headers.get('access-control-allow-origin')).toBeNull();
    const plain = await fetch(`${platform.url}/_health`);
    expect(plain.headers.get('vary')).toBe('Origin');
    expect(plain.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('exposes the request-id, consistency and retry-after headers to the page', async () => {
    const response = await fetch(`${platform.url}/_health`, { headers: { origin: 'http://localhost:5173' } });
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(response.headers.get('access-control-expose-headers')).toBe(
      'x-wix-request-id, x-wix-consistent, retry-after',
    );
  });
});

describe('consistency header', () => {
  const anonymousGrant = () =>
    fetch(`${platform.url}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grantType: 'anonymous', clientId: platform.clientId }),
    });

  it('marks successful writes with a growing x-wix-consistent value, and reads not at all', async () => {
    const first = await anonymousGrant();
    const second = await anonymousGrant();
    const read = await fetch(`${platform.url}/_health`);
    const [a, b] = [first, second].map((response) => Number(response.headers.get('x-wix-consistent')));
    expect(b).toBeGreaterThan(a!);
    expect(read.headers.get('x-wix-consistent')).toBeNull();
  });

  it('is accepted on requests', async () => {
    const response = await fetch(`${platform.url}/_health`, { headers: { 'x-wix-consistent': '12345' } });
    expect(response.status).toBe(200);
  });
});
