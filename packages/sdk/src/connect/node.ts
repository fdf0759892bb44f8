import { syncBuiltinESMExports } from 'node:module';
import { BatchInterceptor } from '@mswjs/interceptors';
import { ClientRequestInterceptor } from '@mswjs/interceptors/ClientRequest';
import { FetchInterceptor } from '@mswjs/interceptors/fetch';
import { DEFAULT_PLATFORM_URL, localUrlOf } from './routing.js';

/**
 * `@atrium/sdk/connect/node`: sends the requests of an app that still uses the reference client to
 * the local platform, in this Node process. `node --import @atrium/sdk/connect` calls `connect()`
 * once at start; a test runner calls it itself and `disconnect()`s after.
 *
 * `fetch` and `http`/`https` requests (`ClientRequest`: axios, got, node-fetch…) are intercepted with
 * `@mswjs/interceptors`; a request for the hosted platform (see `localUrlOf`) is sent on to the
 * platform with the real fetch, method, headers and body (streamed) as they were, and the answer
 * handed back as it came (a redirect too: `fetch` follows it or not as the caller asked). Every
 * other request goes its own way untouched.
 */

export interface ConnectOptions {
  /** The local platform's URL (default `ATRIUM_PLATFORM_URL`, else `http://127.0.0.1:7070`). */
  platformUrl?: string;
  /** No line on stderr (default: `ATRIUM_CONNECT_QUIET` is set to something other than `0`). */
  quiet?: boolean;
}

export interface Connection {
  /** The platform's URL requests go to. */
  readonly platformUrl: string;
  /** Restores fetch and http/https as they were. */
  disconnect(): void;
}

/** Headers the forwarding fetch sets itself (or that name the hosted host). */
const HOP_HEADERS = ['host', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'];

let current: Connection | undefined;

/** The parts of Node's `process` used here (the SDK is type-checked without Node's types). */
interface NodeProcess {
  readonly env: Record<string, string | undefined>;
  readonly stderr: { write(text: string): unknown };
}
const nodeProcess = (globalThis as { process?: NodeProcess }).process;

export function connect(options: ConnectOptions = {}): Connection {
  const env = nodeProcess?.env ?? {};
  const platformUrl = normalisePlatformUrl(
    options.platformUrl ?? env.ATRIUM_PLATFORM_URL ?? DEFAULT_PLATFORM_URL,
  );
  const quiet = options.quiet ?? (env.ATRIUM_CONNECT_QUIET !== undefined && env.ATRIUM_CONNECT_QUIET !== '0');
  current?.disconnect();

  // Captured before the interceptors replace it: the forwarded request must not be intercepted again.
  const realFetch = globalThis.fetch;
  const interceptor = new BatchInterceptor({
    name: 'atrium-connect',
    interceptors: [new ClientRequestInterceptor(), new FetchInterceptor()],
  });
  interceptor.on('request', async ({ request, controller }) => {
    const target = localUrlOf(request.url, platformUrl);
    if (target === undefined) return;
    try {
      controller.respondWith(await forward(realFetch, request, target));
    } catch (error) {
      // Fails as a request to an unreachable host does (not a made-up 500), saying which platform.
      const reason =
        error instanceof Error
          ? ((error.cause as Error | undefined)?.message ?? error.message)
          : String(error);
      controller.errorWith(
        new TypeError(
          `[atrium] the local platform at ${platformUrl} did not answer ${request.url}: ${reason}`,
          {
            cause: error,
          },
        ),
      );
    }
  });
  interceptor.apply();
  // `import { request } from 'node:https'` binds the export, not the property the interceptor
  // replaced: ES modules see the patched http/https functions only once synced.
  syncBuiltinESMExports();

  if (!quiet) nodeProcess?.stderr.write(`[atrium] hosted platform requests → ${platformUrl}\n`);
  const connection: Connection = {
    platformUrl,
    disconnect() {
      interceptor.dispose();
      syncBuiltinESMExports();
      if (current === connection) current = undefined;
    },
  };
  current = connection;
  return connection;
}

async function forward(realFetch: typeof fetch, request: Request, target: string): Promise<Response> {
  const headers = new Headers(request.headers);
  for (const name of HOP_HEADERS) headers.delete(name);
  const hasBody = request.body !== null && request.method !== 'GET' && request.method !== 'HEAD';
  const init: RequestInit & { duplex?: 'half' } = {
    method: request.method,
    headers,
    redirect: 'manual',
    signal: request.signal,
    ...(hasBody ? { body: request.body, duplex: 'half' } : {}),
  };
  const response = await realFetch(target, init);
  // The real fetch has decoded a compressed body: the answer handed back is the decoded bytes.
  const answer = new Headers(response.headers);
  if (answer.has('content-encoding')) {
    answer.delete('content-encoding');
    answer.delete('content-length');
  }
  const empty = response.status === 204 || response.status === 304 || request.method === 'HEAD';
  return new Response(empty ? null : response.body, {
    status: response.status,
    statusText: response.statusText,
    headers: answer,
  });
}

function normalisePlatformUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new TypeError(`ATRIUM_PLATFORM_URL: "${value}" is not a URL (e.g. ${DEFAULT_PLATFORM_URL})`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError(`ATRIUM_PLATFORM_URL: "${value}" is not an http(s) URL`);
  }
  return url.origin + url.pathname.replace(/\/+$/, '');
}
