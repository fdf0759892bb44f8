import { DEFAULT_HOSTS } from '@atrium/contract/routes/core';
import * as reference from '@wix/data';
import {
  ApiKeyStrategy as ReferenceApiKey,
  OAuthStrategy as ReferenceOAuth,
  createClient as referenceClient,
} from '@wix/sdk';
import { ApiKeyStrategy } from '../auth/api-key-strategy.js';
import { OAuthStrategy } from '../auth/oauth-strategy.js';
import { createClient } from '../client/create-client.js';
import * as atrium from '../services/data/index.js';

/**
 * The reference client (`@wix/data`, a devDependency of conformance/) as a black-box peer of the
 * SDK's data modules: both run the same calls against one recording fetch that answers every
 * request itself, so their requests and results can be compared call for call.
 */

/** A request as it travelled, with the `.r` parameter decoded. */
export interface WireRequest {
  method: string;
  host: 'api' | 'edge' | 'other';
  path: string;
  /** The query string without `.r`. */
  query: string;
  /** The decoded `.r` parameter (docs/wire.md §9.3), if any. */
  r?: unknown;
  body?: unknown;
}

export interface Answer {
  status?: number;
  body: unknown;
}

export type Responder = (request: WireRequest) => Answer | unknown;

const isAnswer = (value: unknown): value is Answer =>
  typeof value === 'object' &&
  value !== null &&
  'body' in value &&
  Object.keys(value).every((k) => k === 'body' || k === 'status');

/** The JSON of a `.r` parameter (base64url of UTF-8). */
function decodeRequest(encoded: string): unknown {
  const binary = atob(encoded.replace(/-/g, '+').replace(/_/g, '/'));
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0))));
}

/** A fetch that records every service request (token requests answered, not recorded). */
export function recordingFetch(respond: Responder) {
  const log: WireRequest[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.pathname === '/oauth2/token') {
      return Response.json({ access_token: 'h.p.s', expires_in: 14400, refresh_token: 'rt-1' });
    }
    const encoded = url.searchParams.get('.r');
    url.searchParams.delete('.r');
    const text = init.body === undefined || init.body === null ? '' : await request.text();
    const recorded: WireRequest = {
      method: request.method,
      host: url.origin === DEFAULT_HOSTS.api ? 'api' : url.origin === DEFAULT_HOSTS.edge ? 'edge' : 'other',
      path: url.pathname,
      query: url.search,
      ...(encoded === null ? {} : { r: decodeRequest(encoded) }),
      ...(text === '' ? {} : { body: JSON.parse(text) }),
    };
    log.push(recorded);
    const answer = respond(recorded);
    const { status, body } = isAnswer(answer) ? answer : { status: 200, body: answer };
    return new Response(JSON.stringify(body), {
      status: status ?? 200,
      headers: { 'content-type': 'application/json', 'x-wix-request-id': 'req-1' },
    });
  };
  return { fetch: fetchImpl as typeof fetch, log };
}

const modules = (source: typeof atrium | typeof reference) => ({
  items: source.items,
  collections: source.collections,
  indexes: source.indexes,
});

// biome-ignore lint/suspicious/noExplicitAny: scenarios drive both clients through the reference's API
export type AnyDataClient = any;

/** A client of each kind on `fetch`: OAuth (module calls to the edge host) or an API key. */
function dataClients(fetchImpl: typeof fetch, auth: 'oauth' | 'apiKey' = 'oauth') {
  const atriumClient = createClient({
    auth: auth === 'oauth' ? OAuthStrategy({ clientId: 'cid' }) : ApiKeyStrategy({ apiKey: 'key' }),
    modules: modules(atrium),
    fetch: fetchImpl,
  });
  const referenceOf = () =>
    referenceClient({
      auth:
        auth === 'oauth'
          ? ReferenceOAuth({ clientId: 'cid' })
          : ReferenceApiKey({ apiKey: 'key', siteId: 'site-1' }),
      modules: modules(reference) as never,
    });
  return { atrium: atriumClient as AnyDataClient, reference: referenceOf };
}

interface PeerRun {
  requests: WireRequest[];
  /** What the scenario returned, or `{ error }` with the rejection's message and code. */
  result: unknown;
}

/**
 * Runs `scenario` with the reference client and then with the SDK, each against a fresh recorder
 * answering with `respond`. The reference reads `globalThis.fetch`, which is replaced meanwhile.
 */
export async function runBoth(
  scenario: (client: AnyDataClient) => Promise<unknown>,
  respond: Responder = () => ({}),
  auth: 'oauth' | 'apiKey' = 'oauth',
): Promise<{ reference: PeerRun; atrium: PeerRun }> {
  const run = async (which: 'reference' | 'atrium'): Promise<PeerRun> => {
    const recorder = recordingFetch(respond);
    const original = globalThis.fetch;
    globalThis.fetch = recorder.fetch;
    try {
      const clients = dataClients(recorder.fetch, auth);
      const client = which === 'atrium' ? clients.atrium : clients.reference();
      const result = await scenario(client).then(
        (value) => JSON.parse(JSON.stringify(value ?? null)),
        (error: { message?: string; details?: unknown }) => ({
          error: error.message,
          details: error.details,
        }),
      );
      return { requests: recorder.log, result };
    } finally {
      globalThis.fetch = original;
    }
  };
  return { reference: await run('reference'), atrium: await run('atrium') };
}
