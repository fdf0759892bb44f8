import { endpoint } from '@atrium/contract/admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminCall, urlOf } from './admin-client.js';
import { ApiFailure } from './api.js';

const getThing = endpoint<{ thing: { id: string } }, undefined, { status?: string; limit?: number }>()(
  'GET',
  '/_api/atrium-admin/v1/things/{thingId}',
);
const addThing = endpoint<{ thing: { id: string } }, { name: string }>()(
  'POST',
  '/_api/atrium-admin/v1/things',
);

describe('the typed admin client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('fills the path parameters (encoded) and appends only the present query values', () => {
    expect(urlOf(getThing.path, { params: { thingId: 'a/b c' }, query: { status: 'OPEN', limit: 20 } })).toBe(
      '/_api/atrium-admin/v1/things/a%2Fb%20c?status=OPEN&limit=20',
    );
    expect(urlOf(getThing.path, { params: { thingId: 'x' }, query: { status: undefined, limit: 5 } })).toBe(
      '/_api/atrium-admin/v1/things/x?limit=5',
    );
  });

  it('sends the method and the JSON body of the endpoint and answers its typed body', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ thing: { id: 't1' } }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const answer = await adminCall(addThing, { body: { name: 'one' } });
    expect(answer.thing.id).toBe('t1');
    expect(fetch).toHaveBeenCalledWith(
      '/_api/atrium-admin/v1/things',
      expect.objectContaining({ method: 'POST', body: '{"name":"one"}' }),
    );
  });

  it('rejects with the platform error (code, message, field violations)', async () => {
    const error = {
      message: 'no',
      details: { applicationError: { code: 'THING_MISSING', description: 'No thing has this id.' } },
    };
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify(error), { status: 404 }));
    const failure = await adminCall(getThing, { params: { thingId: 'nope' } }).catch((caught) => caught);
    expect(failure).toBeInstanceOf(ApiFailure);
    expect(failure).toMatchObject({ status: 404, code: 'THING_MISSING', message: 'No thing has this id.' });
  });

  it('refuses at compile time a call without its path parameters or with a wrong body', () => {
    // @ts-expect-error thingId is a path parameter of getThing
    void (() => adminCall(getThing, {}));
    // @ts-expect-error addThing's body has a name
    void (() => adminCall(addThing, { body: { title: 'x' } }));
  });
});
