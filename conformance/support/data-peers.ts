import { DATA_ENCODED_REQUEST_PARAM } from '@atrium/contract/routes';
import type { DataCollectionInput } from '@atrium/contract/types';
import { startTestPlatform, type TestPlatform } from '@atrium/platform/testing';
import { items as atriumItems } from '@atrium/sdk/data';
import { items as referenceItems } from '@wix/data';
import { vi } from 'vitest';
import { realFetch } from './mailbox';
import { callerAuth, type Peer, peerClient } from './peer-clients';
import { platformFetch, type RecordedRequest } from './wire';

/**
 * Runs one data scenario through a client of either kind against a fresh local platform, step by
 * step: every step's result (or rejection) and the requests it sent, labelled with the step, so two
 * runs compare step for step and request for request.
 */

export type Caller = 'apiKey' | 'visitor';

// biome-ignore lint/suspicious/noExplicitAny: a scenario drives both clients through the reference's API
export type AnyItems = any;

/** A request as it travelled (`.r`, docs/wire.md §9.3, decoded for readable diffs) and the status it got. */
export interface DataRequest {
  step: string;
  host: RecordedRequest['host'];
  method: string;
  path: string;
  /** The query string without `.r`. */
  query: string;
  r?: unknown;
  body?: unknown;
  status: number;
}

/** What a rejected step exposes: the fields either client's error has (see errorOf). */
export type ErrorView = Record<string, unknown>;

export interface StepRecord {
  step: string;
  /** The step's result, read through the public API, or `{ error }` when it rejected. */
  result: unknown;
  /** The last answer the step got (its request id differs from run to run: not compared). */
  response?: { status: number; requestId: string | null };
}

export interface DataRun {
  steps: StepRecord[];
  requests: DataRequest[];
}

/**
 * Runs `action`, records what `read` makes of its result (a rejection as `{ error }`), and returns
 * the raw result (undefined after a rejection) so later steps can page on from it.
 */
export type Step = <T>(
  label: string,
  action: () => Promise<T>,
  read?: (value: T) => unknown | Promise<unknown>,
) => Promise<T>;

export type Scenario = (items: AnyItems, step: Step) => Promise<void>;

/**
 * A fresh platform with `collections` created and `seed` items inserted (elevated, over plain HTTP,
 * by neither client), then `scenario` run by one client of `peer`'s kind acting as `caller`. The
 * reference reads the global fetch, so it is replaced for the run; the SDK gets the same recording
 * fetch explicitly. Both keep their default (hosted) hosts, which the recording fetch rewrites to
 * the platform.
 */
export async function runData(
  peer: Peer,
  caller: Caller,
  collections: readonly DataCollectionInput[],
  scenario: Scenario,
  seed: Readonly<Record<string, readonly object[]>> = {},
): Promise<DataRun> {
  const platform = await startTestPlatform();
  try {
    for (const collection of collections) await createCollection(platform, collection);
    for (const [collectionId, items] of Object.entries(seed)) await seedItems(platform, collectionId, items);
    const wire = platformFetch(platform.url);
    const responses: NonNullable<StepRecord['response']>[] = [];
    const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const response = await wire.fetch(input, init);
      responses.push({ status: response.status, requestId: response.headers.get('x-wix-request-id') });
      return response;
    }) as typeof fetch;
    vi.stubGlobal('fetch', fetchImpl);

    const run: DataRun = { steps: [], requests: [] };
    const step: Step = async (label, action, read = (value) => value) => {
      let value: Awaited<ReturnType<typeof action>> | undefined;
      let result: unknown;
      try {
        value = await action();
        result = normalise(await read(value));
      } catch (error) {
        result = { error: errorOf(error) };
      }
      const answered = responses.splice(0);
      run.steps.push({ step: label, result, ...(answered.length > 0 ? { response: answered.at(-1) } : {}) });
      run.requests.push(
        ...wire.log.splice(0).map((request, index) => dataRequest(label, request, answered[index]!.status)),
      );
      return value as Awaited<ReturnType<typeof action>>;
    };
    await scenario(clientOf(peer, caller, platform, fetchImpl).items, step);
    return run;
  } finally {
    vi.unstubAllGlobals();
    await platform.close();
  }
}

function clientOf(peer: Peer, caller: Caller, platform: TestPlatform, fetchImpl: typeof fetch) {
  const modules = { items: peer === 'reference' ? referenceItems : atriumItems };
  return peerClient(peer, callerAuth(caller, platform), modules, fetchImpl) as AnyItems;
}

/** An elevated POST over plain HTTP, sent by neither client and not recorded. */
async function setupCall(platform: TestPlatform, path: string, body: unknown): Promise<void> {
  const response = await realFetch(new URL(`/wix-data/v2${path}`, platform.url), {
    method: 'POST',
    headers: { authorization: platform.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
}

const createCollection = (platform: TestPlatform, collection: DataCollectionInput) =>
  setupCall(platform, '/collections', { collection });

/** Items inserted before the scenario, dates as `{ "$date" }` (docs/wire.md §9.1). */
const seedItems = (platform: TestPlatform, dataCollectionId: string, items: readonly object[]) =>
  setupCall(platform, '/bulk/items/insert', {
    dataCollectionId,
    dataItems: items.map((item) => ({ data: wireValue(item) })),
  });

const wireValue = (value: unknown): unknown =>
  value instanceof Date
    ? { $date: value.toISOString() }
    : Array.isArray(value)
      ? value.map(wireValue)
      : value !== null && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([key, field]) => [key, wireValue(field)]))
        : value;

function dataRequest(
  step: string,
  { host, method, path, query, body }: RecordedRequest,
  status: number,
): DataRequest {
  const params = new URLSearchParams(query);
  const encoded = params.get(DATA_ENCODED_REQUEST_PARAM);
  params.delete(DATA_ENCODED_REQUEST_PARAM);
  const rest = params.toString();
  return {
    step,
    host,
    method,
    path,
    // Re-serialised only when `.r` was removed, so every other query string is compared as sent.
    query: encoded === null ? query : rest === '' ? '' : `?${rest}`,
    ...(encoded === null ? {} : { r: JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) }),
    ...(body === undefined ? {} : { body }),
    status,
  };
}

/** The system fields the platform sets from the clock; every other value is compared as is. */
const TIMES = new Set(['_createdDate', '_updatedDate']);

/**
 * Replaces the platform-set times (when they are Dates, so a client that left them as strings still
 * differs) and owners with markers, and request ids (random) wherever they are; everything else is
 * kept, Dates included. An Error (a bulk item's) becomes its name, message and own fields.
 */
export function normalise(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalise);
  if (value instanceof Date || value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value);
  if (value instanceof Error) entries.unshift(['name', value.name], ['message', value.message]);
  return Object.fromEntries(
    entries.map(([key, field]) => [
      key,
      TIMES.has(key) && field instanceof Date
        ? '<date>'
        : (key === '_owner' || key === 'requestId') && typeof field === 'string'
          ? `<${key}>`
          : normalise(field),
    ]),
  );
}

/** Every field either client's rejection may expose (the undefined ones left out). */
export function errorOf(error: unknown): ErrorView {
  if (!(error instanceof Error)) return { thrown: error };
  const { code, status, details, violations, errorGroup, requestId } = error as Error &
    Record<string, unknown>;
  const view = { name: error.name, message: error.message, code, status, details, violations, errorGroup };
  return {
    ...(normalise(
      Object.fromEntries(Object.entries(view).filter(([, value]) => value !== undefined)),
    ) as object),
    // Kept as sent: compared with the answer's header, not across runs.
    ...(requestId === undefined ? {} : { requestId }),
  };
}

export const isError = (result: unknown): result is { error: ErrorView } =>
  typeof result === 'object' && result !== null && 'error' in result;

/** A result page as plain data, read through the public result API only. */
export function pageOf(page: AnyItems) {
  return {
    items: page.items,
    totalCount: page.totalCount,
    pageSize: page.pageSize,
    currentPage: page.currentPage,
    totalPages: page.totalPages,
    length: page.length,
    hasNext: page.hasNext(),
    hasPrev: page.hasPrev(),
  };
}
