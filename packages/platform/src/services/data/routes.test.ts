import { beforeAll, describe, expect, it } from 'vitest';
import { codeOf, DATA, dataKitPerFile, encodeRequest, publicCollection } from './test-kit.js';

/**
 * The data routes as the HTTP kit registers them: each route once, under `/wix-data` and its alias;
 * GET payloads as `.r` or plain keys (booleans coerced by the querystring schema, repeated keys as
 * lists); every refusal with a WDE code.
 */
const kit = dataKitPerFile(publicCollection('Routes', { title: 'TEXT', n: 'NUMBER' }));
let itemId: string;

beforeAll(async () => {
  const inserted = await kit.post('/items', {
    dataCollectionId: 'Routes',
    dataItem: { data: { title: 'a', n: 1 } },
  });
  itemId = inserted.body.dataItem.id;
});

describe('data routes', () => {
  it('answer under the wire prefix and its alias', async () => {
    for (const prefix of ['/wix-data', '/_api/cloud-data']) {
      const answer = await kit.call(
        'GET',
        `${prefix}/v2/items/query?.r=${encodeRequest({ dataCollectionId: 'Routes' })}`,
        undefined,
        kit.apiKey,
      );
      expect([prefix, answer.status, answer.body.dataItems?.length]).toEqual([prefix, 200, 1]);
    }
  });

  it('read plain query keys: booleans coerced, repeated keys as lists, what does not convert refused', async () => {
    const get = (query: string) => kit.call('GET', `${DATA}/items/${itemId}?${query}`, undefined, kit.apiKey);
    const projected = await get('dataCollectionId=Routes&fields=title&consistentRead=true');
    expect(projected.status).toBe(200);
    expect(Object.keys(projected.body.dataItem.data)).toContain('title');
    expect(Object.keys(projected.body.dataItem.data)).not.toContain('n');
    const query = (keys: string) => kit.call('GET', `${DATA}/items/query?${keys}`, undefined, kit.apiKey);
    const counted = await query('dataCollectionId=Routes&returnTotalCount=true');
    expect([counted.status, counted.body.pagingMetadata.total]).toEqual([200, 1]);
    const bad = await query('dataCollectionId=Routes&returnTotalCount=maybe');
    expect([bad.status, codeOf(bad)]).toEqual([400, 'WDE0900']);
    const missing = await get('fields=title');
    expect([missing.status, codeOf(missing)]).toEqual([400, 'WDE0900']);
    expect(missing.body.details.validationError.fieldViolations[0].field).toBe('dataCollectionId');
  });

  it('refuse a bad .r and non-elevated collection management with WDE codes', async () => {
    const garbage = await kit.call('GET', `${DATA}/items/query?.r=!!`, undefined, kit.apiKey);
    expect([garbage.status, codeOf(garbage)]).toEqual([400, 'WDE0900']);
    const visitor = await kit.visitorToken();
    const listed = await kit.call('GET', `${DATA}/collections`, undefined, visitor);
    expect([listed.status, codeOf(listed), listed.body.message]).toEqual([
      403,
      'WDE0027',
      'WDE0027: Managing collections and indexes needs an elevated (API key) caller; the request was made as visitor.',
    ]);
  });
});
