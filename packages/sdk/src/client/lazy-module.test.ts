import { SERVICE_PREFIXES } from '@atrium/contract/routes/prefixes';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiKeyStrategy } from '../auth/api-key-strategy.js';
import { collections, indexes } from '../services/data/index.js';
import { collectionsModule } from '../services/data/operations/collections.js';
import { indexesModule } from '../services/data/operations/indexes.js';
import { authentication, recovery, verification } from '../services/identity/index.js';
import { authenticationModule } from '../services/identity/operations/authentication.js';
import { recoveryModule } from '../services/identity/operations/recovery.js';
import { verificationModule } from '../services/identity/operations/verification.js';
import { redirects } from '../services/redirects/index.js';
import { redirectsModule } from '../services/redirects/operations/redirects.js';
import { fakeFetch, json } from '../testing/fake-fetch.js';
import { clearContext } from './context.js';
import { createClient } from './create-client.js';
import { SDKError } from './errors.js';
import { lazyModule } from './module-function.js';
import type { AnyOperationDefinition, ModuleDefinition } from './operation.js';

/** Service modules whose operations load on their first call (`lazyModule`). */

afterEach(() => {
  clearContext();
  vi.restoreAllMocks();
});

describe('the SDK service modules', () => {
  it.each([
    ['authentication', authentication, authenticationModule],
    ['recovery', recovery, recoveryModule],
    ['verification', verification, verificationModule],
    ['redirects', redirects, redirectsModule],
    ['collections', collections, collectionsModule],
    ['indexes', indexes, indexesModule],
  ] as const)(
    '%s has a function, named alike, for every operation and nothing else',
    (_, module, definition) => {
      const functions = Object.entries(module).filter(([, value]) => typeof value === 'function');
      expect(functions.map(([key]) => key).sort()).toEqual(Object.keys(definition.operations).sort());
      for (const [key, fn] of functions) expect((fn as () => unknown).name).toBe(key);
    },
  );
});

const probeDefinition = {
  options: { packageName: '@atrium/sdk/probe', prefix: SERVICE_PREFIXES.proGallery },
  operations: {
    getThing: {
      method: 'GET',
      path: '/v2/things/{thingId}',
      gateway: { methodFqn: 'test.Probe.GetThing', entity: 'test.thing' },
      request: (thingId: string) => ({ thingId }),
      response: (body: { thing: { name: string } }) => body.thing.name,
    },
    deleteThing: {
      method: 'DELETE',
      path: '/v2/things/{thingId}',
      gateway: { methodFqn: 'test.Probe.DeleteThing', entity: 'test.thing' },
      request: (thingId: string) => ({ thingId }),
    },
  },
} satisfies ModuleDefinition<Record<string, AnyOperationDefinition>>;

function setup() {
  const load = vi.fn(async () => probeDefinition);
  const probe = lazyModule({ getThing: 1, deleteThing: 1 }, load);
  const recorder = fakeFetch(() => json({ thing: { name: 'n' } }));
  const client = createClient({
    auth: ApiKeyStrategy({ apiKey: 'k' }),
    modules: { probe },
    baseUrl: 'http://api.test',
    fetch: recorder.fetch,
  });
  return { load, probe, client, requests: recorder.requests };
}

describe('lazyModule', () => {
  it('loads the operations once, on the first call, however many calls start at once', async () => {
    const { load, client, requests } = setup();
    expect(load).not.toHaveBeenCalled();
    const results = await Promise.all([
      client.probe.getThing('a'),
      client.probe.getThing('b'),
      client.probe.deleteThing('c'),
    ]);
    expect(results.slice(0, 2)).toEqual(['n', 'n']);
    expect(requests.map((r) => `${r.method} ${r.url.pathname}`)).toEqual([
      'GET /progallery/v2/things/a',
      'GET /progallery/v2/things/b',
      'DELETE /progallery/v2/things/c',
    ]);
    expect(requests[0]?.headers.get('x-wix-bi-gateway')).toBe(
      'environment=js-sdk,package-name=@atrium/sdk/probe,method-fqn=test.Probe.GetThing,entity=test.thing',
    );
    await client.probe.getThing('d');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('rejects with a system error when the operations cannot be loaded, and loads them again', async () => {
    const { load, client, requests } = setup();
    const cause = new Error('Failed to fetch dynamically imported module');
    load.mockRejectedValueOnce(cause);
    const error = await client.probe.getThing('a').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SDKError);
    expect(error).toMatchObject({ message: 'System error occurred', code: 'UNKNOWN', cause });
    expect(requests).toHaveLength(0);
    await expect(client.probe.getThing('a')).resolves.toBe('n');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('rejects a direct call without a context client before loading anything', async () => {
    const { load, probe } = setup();
    await expect(probe.getThing('a')).rejects.toThrow(new Error('Wix context is not available'));
    expect(load).not.toHaveBeenCalled();
  });

  it('runs direct calls through the context client', async () => {
    const { probe, client, requests } = setup();
    client.enableContext('module');
    await expect(probe.getThing('a')).resolves.toBe('n');
    expect(requests).toHaveLength(1);
  });
});
