import { createServer, get, type IncomingMessage, type Server } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Connection, connect } from './node.js';
import { localUrlOf } from './routing.js';

const PLATFORM = 'http://127.0.0.1:7070';

describe('localUrlOf: which hosted URLs go where on the platform', () => {
  it.each([
    ['https://www.wixapis.com/oauth2/token', `${PLATFORM}/oauth2/token`],
    ['https://edge.wixapis.com/wix-data/v2/items/query?.r=abc', `${PLATFORM}/wix-data/v2/items/query?.r=abc`],
    [
      'https://WWW.WIXAPIS.COM:443/_api/iam/authentication/v2/login',
      `${PLATFORM}/_api/iam/authentication/v2/login`,
    ],
    ['https://static.wixstatic.com/media/a1_b2~mv2.jpg', `${PLATFORM}/media/a1_b2~mv2.jpg`],
    [
      'https://static.wixstatic.com/media/a1.jpg/v1/fill/w_40,h_30,al_c,q_80,enc_auto/a1.jpg',
      `${PLATFORM}/media/a1.jpg/v1/fill/w_40,h_30,al_c,q_80,enc_auto/a1.jpg`,
    ],
    ['https://static.wixstatic.com/media/a1.jpg?v=3', `${PLATFORM}/media/a1.jpg`],
    ['https://static.wixstatic.com/shapes/s1.svg', `${PLATFORM}/media/s1.svg`],
    ['https://static.wixstatic.com/mp3/a1.mp3', `${PLATFORM}/media/a1.mp3`],
    ['https://video.wixstatic.com/video/v1_x/720p/mp4/file.mp4', `${PLATFORM}/media/v1_x`],
    ['https://video.wixstatic.com/video/v1_x/file', `${PLATFORM}/media/v1_x`],
    ['https://d945e594-8657-47e2-9cd9-e9033c3d8da0.usrfiles.com/ugd/d1.pdf', `${PLATFORM}/media/d1.pdf`],
    ['https://abc_123.filesusr.com/ugd/d1.pdf', `${PLATFORM}/media/d1.pdf`],
  ])('%s → %s', (hosted, local) => {
    expect(localUrlOf(hosted, PLATFORM)).toBe(local);
    expect(localUrlOf(hosted, `${PLATFORM}/`)).toBe(local);
  });

  it.each([
    'https://example.com/oauth2/token',
    'https://wixapis.com.evil.test/x',
    'https://evil.test/?u=https://www.wixapis.com/x',
    'https://static.wixstatic.com/other/x.jpg',
    'https://static.parastorage.com/media/x.jpg',
    'https://video.wixstatic.com/',
    'http://127.0.0.1:7070/media/x.jpg',
    'data:text/plain,hello',
  ])('leaves %s alone', (url) => {
    expect(localUrlOf(url, PLATFORM)).toBeUndefined();
  });
});

interface Seen {
  method?: string;
  url?: string;
  headers: IncomingMessage['headers'];
  body: string;
}

describe('connect(): the hosted hosts answered by the platform, in this process', () => {
  let server: Server;
  let platformUrl: string;
  const seen: Seen[] = [];
  let connection: Connection | undefined;

  beforeAll(async () => {
    server = createServer(async (request, response) => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      seen.push({
        method: request.method,
        url: request.url,
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
      });
      if (request.url === '/moved') {
        response.writeHead(302, { location: '/landed' }).end();
      } else if (request.url === '/gzip') {
        response.writeHead(200, { 'content-encoding': 'gzip', 'content-type': 'text/plain' });
        response.end(gzipSync('unzipped text'));
      } else {
        response
          .writeHead(201, { 'content-type': 'text/plain', 'x-answer': 'yes' })
          .end(`answered ${request.url}`);
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    platformUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(() => {
    connection?.disconnect();
    connection = undefined;
    seen.length = 0;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('forwards fetch with its method, headers and body, and hands back the answer', async () => {
    connection = connect({ platformUrl, quiet: true });
    const response = await fetch('https://www.wixapis.com/oauth2/token?x=1', {
      method: 'POST',
      headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
      body: '{"grantType":"anonymous"}',
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('x-answer')).toBe('yes');
    expect(await response.text()).toBe('answered /oauth2/token?x=1');
    expect(seen).toMatchObject([
      {
        method: 'POST',
        url: '/oauth2/token?x=1',
        headers: {
          authorization: 'Bearer t',
          'content-type': 'application/json',
          host: new URL(platformUrl).host,
        },
        body: '{"grantType":"anonymous"}',
      },
    ]);
  });

  it('streams a request body', async () => {
    connection = connect({ platformUrl, quiet: true });
    const parts = ['one ', 'two ', 'three'];
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const part = parts.shift();
        if (part === undefined) controller.close();
        else controller.enqueue(new TextEncoder().encode(part));
      },
    });
    const response = await fetch('https://edge.wixapis.com/upload', {
      method: 'PUT',
      body,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(201);
    expect(seen).toMatchObject([{ method: 'PUT', url: '/upload', body: 'one two three' }]);
  });

  it('passes a redirect through: fetch follows it on the platform, or hands it back when asked not to', async () => {
    connection = connect({ platformUrl, quiet: true });
    const followed = await fetch('https://www.wixapis.com/moved');
    expect(await followed.text()).toBe('answered /landed');
    const manual = await fetch('https://www.wixapis.com/moved', { redirect: 'manual' });
    expect(manual.status).toBe(302);
    expect(manual.headers.get('location')).toBe('/landed');
  });

  it('hands back a compressed answer decoded once', async () => {
    connection = connect({ platformUrl, quiet: true });
    const response = await fetch('https://www.wixapis.com/gzip');
    expect(await response.text()).toBe('unzipped text');
  });

  it('forwards https.request (ClientRequest) too', async () => {
    connection = connect({ platformUrl, quiet: true });
    const answer = await new Promise<{ status?: number; body: string }>((resolve, reject) => {
      const request = httpsRequest(
        'https://static.wixstatic.com/media/pic.jpg',
        { method: 'POST' },
        (response) => {
          let body = '';
          response.on('data', (chunk) => {
            body += chunk;
          });
          response.on('end', () => resolve({ status: response.statusCode, body }));
        },
      );
      request.on('error', reject);
      request.end('posted');
    });
    expect(answer).toEqual({ status: 201, body: 'answered /media/pic.jpg' });
    expect(seen).toMatchObject([{ method: 'POST', url: '/media/pic.jpg', body: 'posted' }]);
  });

  it('leaves other hosts alone, and disconnect() restores fetch', async () => {
    const before = globalThis.fetch;
    connection = connect({ platformUrl, quiet: true });
    expect(globalThis.fetch).not.toBe(before);
    // The platform's own URL is not a hosted one: it arrives once, as sent.
    const direct = await fetch(`${platformUrl}/direct`);
    expect(await direct.text()).toBe('answered /direct');
    const viaHttp = await new Promise<string>((resolve, reject) => {
      get(`${platformUrl}/plain-http`, (response) => {
        let body = '';
        response.on('data', (chunk) => {
          body += chunk;
        });
        response.on('end', () => resolve(body));
      }).on('error', reject);
    });
    expect(viaHttp).toBe('answered /plain-http');
    expect(seen.map((request) => request.url)).toEqual(['/direct', '/plain-http']);
    connection.disconnect();
    connection = undefined;
    expect(globalThis.fetch).toBe(before);
  });

  it('fails a request as a network error, naming the platform, when the platform does not answer', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const downUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    connection = connect({ platformUrl: downUrl, quiet: true });
    const failure = await fetch('https://www.wixapis.com/oauth2/token').then(
      () => undefined,
      (error: unknown) => error as Error,
    );
    expect(failure).toBeInstanceOf(TypeError);
    expect(String(failure?.message) + String((failure?.cause as Error | undefined)?.message)).toContain(
      `the local platform at ${downUrl} did not answer https://www.wixapis.com/oauth2/token`,
    );
  });

  it('refuses a platform URL that is not an http(s) URL', () => {
    expect(() => connect({ platformUrl: 'localhost:7070', quiet: true })).toThrow(
      /not an http\(s\) URL|not a URL/,
    );
  });
});
