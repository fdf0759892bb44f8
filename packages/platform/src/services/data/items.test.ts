import { describe, expect, it } from 'vitest';
import { codeOf, DATA, dataKitPerFile, dataOf, encodeRequest, publicCollection } from './test-kit.js';

const kit = dataKitPerFile(
  publicCollection('Books', { title: 'TEXT', year: 'NUMBER', published: 'DATETIME', tags: 'ARRAY_STRING' }),
);

const book = (title: string, year: number, extra: object = {}) => ({
  dataCollectionId: 'Books',
  dataItem: { data: { title, year, published: { $date: `${year}-06-01T00:00:00.000Z` }, ...extra } },
});

describe('single item calls', () => {
  it('insert, get (path and .r forms), update, save, patch and remove, with system fields inside data', async () => {
    const inserted = await kit.post('/items', book('Dune', 1965, { tags: ['sf'] }));
    expect(inserted.status).toBe(200);
    const { dataItem } = inserted.body;
    expect(dataItem).toMatchObject({ dataCollectionId: 'Books', data: { title: 'Dune', year: 1965 } });
    expect(dataItem.id).toBe(dataItem.data._id);
    expect(dataItem.data._createdDate.$date).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(dataItem.data._updatedDate).toEqual(dataItem.data._createdDate);
    expect(dataItem.data.published).toEqual({ $date: '1965-06-01T00:00:00.000Z' });
    expect(inserted.headers.get('x-wix-consistent')).toBeTruthy();
    const id = dataItem.id as string;

    const got = await kit.call(
      'GET',
      `${DATA}/items/${id}?dataCollectionId=Books&dataItemId=${id}&fields=title`,
      undefined,
      kit.apiKey,
    );
    expect(got.status).toBe(200);
    expect(got.body.dataItem.data).toEqual({ _id: id, title: 'Dune' });
    const viaR = await kit.call(
      'GET',
      `${DATA}/items/${id}?.r=${encodeRequest({ dataCollectionId: 'Books', dataItemId: id })}`,
    );
    expect(viaR.body.dataItem.data.title).toBe('Dune');

    const updated = await kit.post('/items/update', {
      dataCollectionId: 'Books',
      dataItem: { id, data: { _id: id, title: 'Dune', year: 1966 } },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.dataItem.data).toMatchObject({
      _id: id,
      year: 1966,
      _createdDate: dataItem.data._createdDate,
    });
    expect(updated.body.dataItem.data.tags).toBeUndefined();

    const saved = await kit.post('/items/save', {
      dataCollectionId: 'Books',
      dataItem: { id, data: { _id: id, title: 'Dune!' } },
    });
    expect(saved.body.action).toBe('UPDATED');
    const savedNew = await kit.post('/items/save', {
      dataCollectionId: 'Books',
      dataItem: { data: { title: 'New' } },
    });
    expect(savedNew.body.action).toBe('INSERTED');

    const patched = await kit.post('/items/patch', {
      dataCollectionId: 'Books',
      patch: {
        dataItemId: id,
        fieldModifications: [
          { action: 'SET_FIELD', fieldPath: 'meta.pages', setFieldOptions: { value: 412 } },
          { action: 'INCREMENT_FIELD', fieldPath: 'year', incrementFieldOptions: { value: 2 } },
          { action: 'APPEND_TO_ARRAY', fieldPath: 'tags', appendToArrayOptions: { value: 'classic' } },
          { action: 'APPEND_TO_ARRAY', fieldPath: 'tags', appendToArrayOptions: { value: 'sf' } },
          { action: 'REMOVE_FROM_ARRAY', fieldPath: 'tags', removeFromArrayOptions: { value: 'classic' } },
          { action: 'REMOVE_FIELD', fieldPath: 'title' },
        ],
      },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.dataItem.data).toMatchObject({ meta: { pages: 412 }, year: 2, tags: ['sf'] });
    expect(patched.body.dataItem.data.title).toBeUndefined();

    const removed = await kit.post('/items/remove', { dataCollectionId: 'Books', dataItemId: id });
    expect(removed.body.dataItem.id).toBe(id);
    const missing = await kit.call('GET', `${DATA}/items/${id}?dataCollectionId=Books`);
    expect(missing.status).toBe(404);
    expect(codeOf(missing)).toBe('WDE0073');
    expect(codeOf(await kit.post('/items/remove', { dataCollectionId: 'Books', dataItemId: id }))).toBe(
      'WDE0073',
    );
  });

  it('refuses a value of the wrong declared type, naming the field', async () => {
    const answer = await kit.post('/items', book('Bad', 2000, { year: 'two thousand' }));
    expect(answer.status).toBe(400);
    expect(codeOf(answer)).toBe('WDE0905');
    expect(answer.body.details.validationError.fieldViolations[0]).toMatchObject({ field: 'year' });
    expect(answer.body.message).toContain('"year"');
  });

  it('counts, queries with the GET and POST forms, and truncates', async () => {
    await kit.post('/items/truncate', { dataCollectionId: 'Books' });
    for (const [title, year] of [
      ['A', 1990],
      ['B', 2000],
      ['C', 2010],
    ] as const) {
      expect((await kit.post('/items', book(title, year))).status).toBe(200);
    }
    expect(
      (await kit.post('/items/count', { dataCollectionId: 'Books', filter: { year: { $gte: 2000 } } })).body,
    ).toEqual({
      totalCount: 2,
    });
    const request = {
      dataCollectionId: 'Books',
      query: {
        filter: { year: { $gt: 1990 } },
        sort: [{ fieldName: 'year', order: 'DESC' }],
        paging: { limit: 1 },
      },
      returnTotalCount: true,
    };
    const viaGet = await kit.query(request, await kit.visitorToken());
    expect(viaGet.status).toBe(200);
    expect(dataOf(viaGet).map((item) => item.title)).toEqual(['C']);
    expect(viaGet.body.pagingMetadata).toMatchObject({ count: 1, offset: 0, total: 2, hasNext: true });
    const viaPost = await kit.post('/items/query', request);
    expect(dataOf(viaPost)).toEqual(dataOf(viaGet));
    expect((await kit.post('/items/truncate', { dataCollectionId: 'Books' })).status).toBe(200);
    expect((await kit.post('/items/count', { dataCollectionId: 'Books' })).body.totalCount).toBe(0);
  });
});

describe('the consistency header (docs/wire.md §1.5)', () => {
  it('is set on writes, and a read sending it back sees the write', async () => {
    const written = await kit.post('/items', book('Consistent', 2024));
    const mark = written.headers.get('x-wix-consistent');
    expect(mark).toMatch(/^\d+$/);
    const id = written.body.dataItem.id;
    const response = await fetch(`${kit.identity.platform.url}${DATA}/items/${id}?dataCollectionId=Books`, {
      headers: { 'x-wix-consistent': mark! },
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { dataItem: { id: string } }).dataItem.id).toBe(id);
    const later = await kit.post('/items/remove', { dataCollectionId: 'Books', dataItemId: id });
    expect(Number(later.headers.get('x-wix-consistent'))).toBeGreaterThan(Number(mark));
  });
});
