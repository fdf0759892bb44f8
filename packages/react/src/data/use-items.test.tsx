import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DIARY,
  dataPlatformForFile,
  GADGET_ITEMS,
  GADGETS,
  type Gadget,
  memberClient,
  ownerItems,
  providersFor,
  visitorClient,
} from '../../test/support/test-platform.js';
import {
  type DataFilterCondition,
  type DataSort,
  dataQueryKeys,
  useDistinctValues,
  useInsertItem,
  useItems,
  useRemoveItem,
  useUpdateItem,
} from '../index.js';

/** The data hooks against the real local platform, over HTTP. */

const data = dataPlatformForFile();
afterEach(cleanup);

const names = (items: { name: string }[]) => items.map((item) => item.name);
const byPrice = (a: Gadget, b: Gadget) => a.price - b.price || a._id.localeCompare(b._id);

describe('useItems', () => {
  it('reads page by page: totals, page count, hasNext/hasPrev, the previous page kept while the next loads', async () => {
    const { client } = visitorClient(data.platform);
    const { wrapper } = providersFor(client);
    const sort: DataSort = { field: 'name' };
    const { result, rerender } = renderHook(
      ({ page }) => useItems<Gadget>(GADGETS, { sort, page, pageSize: 10 }),
      { wrapper, initialProps: { page: 0 } },
    );
    expect(result.current).toMatchObject({ isLoading: true, items: [], totalCount: undefined });
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current).toMatchObject({
      totalCount: 45,
      page: 0,
      pageCount: 5,
      hasPrev: false,
      hasNext: true,
      error: null,
    });
    const sorted = [...GADGET_ITEMS].sort((a, b) => a.name.localeCompare(b.name));
    expect(names(result.current.items)).toEqual(names(sorted.slice(0, 10)));

    rerender({ page: 1 });
    // Until page 2 arrives, page 1 stays on screen.
    expect(result.current).toMatchObject({ page: 1, isPlaceholderData: true, hasPrev: true });
    expect(names(result.current.items)).toEqual(names(sorted.slice(0, 10)));
    await waitFor(() => expect(result.current.isPlaceholderData).toBe(false));
    expect(names(result.current.items)).toEqual(names(sorted.slice(10, 20)));

    rerender({ page: 4 });
    await waitFor(() => expect(result.current.isPlaceholderData).toBe(false));
    expect(names(result.current.items)).toEqual(names(sorted.slice(40)));
    expect(result.current).toMatchObject({ hasNext: false, hasPrev: true, pageCount: 5 });

    // Page 1 again comes from the cache, at once.
    rerender({ page: 0 });
    expect(result.current.isPlaceholderData).toBe(false);
    expect(names(result.current.items)).toEqual(names(sorted.slice(0, 10)));
  });

  it('translates filter conditions and sorts to the query builder', async () => {
    const { client } = visitorClient(data.platform);
    const { wrapper } = providersFor(client);
    const cases: { filter: DataFilterCondition[]; sort: DataSort[]; expected: Gadget[] }[] = [
      {
        filter: [
          { field: 'kind', op: 'eq', value: 'toy' },
          { field: 'price', op: 'ge', value: 40 },
        ],
        sort: [{ field: 'price', direction: 'desc' }],
        expected: GADGET_ITEMS.filter((g) => g.kind === 'toy' && g.price >= 40)
          .sort(byPrice)
          .reverse(),
      },
      {
        // Text matches ignore case.
        filter: [{ field: 'name', op: 'startsWith', value: 'gadget 1' }],
        sort: [{ field: 'name', direction: 'desc' }],
        expected: GADGET_ITEMS.filter((g) => g.name.startsWith('Gadget 1')).reverse(),
      },
      {
        filter: [
          { field: 'tags', op: 'hasSome', value: ['blue'] },
          { field: 'kind', op: 'ne', value: 'book' },
          { field: 'price', op: 'lt', value: 50 },
          { field: 'discount', op: 'isEmpty' },
        ],
        sort: [{ field: 'kind' }, { field: 'price' }],
        expected: GADGET_ITEMS.filter(
          (g) => g.tags.includes('blue') && g.kind !== 'book' && g.price < 50 && g.discount === undefined,
        ).sort((a, b) => a.kind.localeCompare(b.kind) || byPrice(a, b)),
      },
      {
        filter: [
          { field: 'name', op: 'contains', value: '3' },
          { field: 'kind', op: 'in', value: ['tool', 'book'] },
          { field: 'discount', op: 'isNotEmpty' },
        ],
        sort: [{ field: 'price' }],
        expected: GADGET_ITEMS.filter(
          (g) => g.name.includes('3') && g.kind !== 'toy' && g.discount !== undefined,
        ).sort(byPrice),
      },
    ];
    for (const { filter, sort, expected } of cases) {
      expect(expected.length).toBeGreaterThan(1);
      const { result, unmount } = renderHook(
        () => useItems<Gadget>(GADGETS, { filter, sort, pageSize: 50 }),
        { wrapper },
      );
      await waitFor(() => expect(result.current.isLoading).toBe(false));
      expect(result.current.error).toBeNull();
      expect({ filter, ids: result.current.items.map((item) => item._id) }).toEqual({
        filter,
        ids: expected.map((item) => item._id),
      });
      expect(result.current.totalCount).toBe(expected.length);
      unmount();
    }
  });

  it('waits while disabled, then reads', async () => {
    const { client, requests } = visitorClient(data.platform);
    const { wrapper } = providersFor(client);
    const { result, rerender } = renderHook(({ enabled }) => useItems(GADGETS, { enabled }), {
      wrapper,
      initialProps: { enabled: false },
    });
    expect(result.current).toMatchObject({ isLoading: false, items: [], totalCount: undefined });
    expect(requests).toEqual([]);
    rerender({ enabled: true });
    await waitFor(() => expect(result.current.totalCount).toBe(45));
  });

  it('reports a refused read as the platform error at once, without retrying it', async () => {
    const { client, requests } = visitorClient(data.platform);
    const { wrapper } = providersFor(client);
    const { result } = renderHook(() => useItems(DIARY), { wrapper });
    await waitFor(() => expect(result.current.error).not.toBeNull());
    expect(result.current.error).toMatchObject({ name: 'WixDataError', code: 'WDE0027', status: 403 });
    expect(result.current.error?.message).toContain('permissions to read');
    expect(result.current.isLoading).toBe(false);
    expect(requests.filter((path) => path.endsWith('/items/query'))).toHaveLength(1);
  });
});

describe('useDistinctValues', () => {
  it('lists the distinct values of a field, narrowed by a filter', async () => {
    const { client } = visitorClient(data.platform);
    const { wrapper } = providersFor(client);
    const all = renderHook(() => useDistinctValues<string>(GADGETS, 'kind'), { wrapper });
    await waitFor(() => expect(all.result.current.values).toEqual(['book', 'tool', 'toy']));
    const cheap = renderHook(
      () =>
        useDistinctValues<number>(GADGETS, 'price', { filter: [{ field: 'price', op: 'lt', value: 20 }] }),
      { wrapper },
    );
    const expected = [...new Set(GADGET_ITEMS.map((g) => g.price).filter((p) => p < 20))].sort(
      (a, b) => a - b,
    );
    await waitFor(() => expect(cheap.result.current.values).toEqual(expected));
  });
});

describe('mutation hooks', () => {
  const titles = (items: { _id: string; title?: string }[]) => items.map((item) => item.title);
  /** A member's view of the diary, with the three mutations. */
  function renderDiary(client: Awaited<ReturnType<typeof memberClient>>['client']) {
    const { wrapper, queryClient } = providersFor(client);
    const rendered = renderHook(
      () => ({
        list: useItems(DIARY, { sort: { field: 'title' } }),
        insert: useInsertItem(DIARY),
        update: useUpdateItem(DIARY),
        remove: useRemoveItem(DIARY),
      }),
      { wrapper },
    );
    /** Titles of every cached page of the diary. */
    const cachedTitles = () =>
      queryClient
        .getQueriesData<{ items: { _id: string; title?: string }[] }>({
          queryKey: dataQueryKeys.collection(DIARY),
        })
        .flatMap(([, page]) => titles(page?.items ?? []));
    return { ...rendered, cachedTitles };
  }

  it('insert, update and remove refetch the lists; each member sees and changes only their own items', async () => {
    const alice = await memberClient(data.platform);
    const bob = await memberClient(data.platform);
    const mine = renderDiary(alice.client);
    await waitFor(() => expect(mine.result.current.list.totalCount).toBe(0));

    let first: { _id: string; title?: string } | undefined;
    await act(async () => {
      first = await mine.result.current.insert.mutateAsync({ title: 'Alpha', body: 'one' });
    });
    // The mutation settles after the refetch: the cache already holds the new item, and React
    // renders it on TanStack's next notification.
    expect(mine.cachedTitles()).toEqual(['Alpha']);
    await waitFor(() => expect(titles(mine.result.current.list.items)).toEqual(['Alpha']));
    await act(async () => {
      await mine.result.current.insert.mutateAsync({ title: 'Beta' });
    });
    await waitFor(() => expect(titles(mine.result.current.list.items)).toEqual(['Alpha', 'Beta']));
    expect(mine.result.current.list.totalCount).toBe(2);

    await act(async () => {
      await mine.result.current.update.mutateAsync({ ...first!, _id: first!._id, title: 'Gamma' });
    });
    await waitFor(() => expect(titles(mine.result.current.list.items)).toEqual(['Beta', 'Gamma']));

    const theirs = renderDiary(bob.client);
    await waitFor(() => expect(theirs.result.current.list.isLoading).toBe(false));
    expect(theirs.result.current.list.items).toEqual([]);
    // Bob's writes to Alice's item are refused by the platform and change nothing.
    await act(async () => {
      await expect(
        theirs.result.current.update.mutateAsync({ _id: first!._id, title: 'Hijacked' }),
      ).rejects.toMatchObject({ code: 'WDE0027', status: 403 });
    });
    await waitFor(() =>
      expect(theirs.result.current.update.error?.message).toContain('permissions to update'),
    );
    await act(async () => {
      await expect(theirs.result.current.remove.mutateAsync(first!._id)).rejects.toMatchObject({
        code: 'WDE0027',
      });
    });
    expect((await ownerItems(data.platform).get(DIARY, first!._id))?.title).toBe('Gamma');

    await act(async () => {
      expect((await mine.result.current.remove.mutateAsync(first!._id))?._id).toBe(first!._id);
    });
    await waitFor(() => expect(titles(mine.result.current.list.items)).toEqual(['Beta']));
    expect(await ownerItems(data.platform).get(DIARY, first!._id)).toBeNull();
  });

  it('keeps cached lists per caller: signing out never shows the member’s items to the visitor', async () => {
    const member = await memberClient(data.platform);
    const { wrapper } = providersFor(member.client);
    const { result } = renderHook(() => ({ list: useItems(DIARY), insert: useInsertItem(DIARY) }), {
      wrapper,
    });
    await act(async () => {
      await result.current.insert.mutateAsync({ title: 'Private' });
    });
    await waitFor(() => expect(titles(result.current.list.items)).toEqual(['Private']));
    act(() =>
      member.client.auth.setTokens({
        accessToken: { value: '', expiresAt: 0 },
        refreshToken: { value: '', role: 'none' },
      }),
    );
    // A visitor may not read the diary: the member's page is not kept as a placeholder.
    expect(result.current.list.items).toEqual([]);
    await waitFor(() => expect(result.current.list.error?.message).toContain('WDE0027'));
  });
});
