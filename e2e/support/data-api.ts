import { DATA_ITEMS_ROUTES, SERVICE_PREFIXES } from '@atrium/contract/routes';
import { apiKey } from './platform-api';
import { platformUrl } from './urls';

/**
 * The data API as the site owner (the API key): the truth the pages are checked against, read
 * straight from the platform rather than through the site.
 */

// biome-ignore lint/suspicious/noExplicitAny: items hold whatever their collection holds
export type Item = Record<string, any>;

const dataUrl = (route: string) => platformUrl(SERVICE_PREFIXES.dataItems.wire + route);

async function ownerPost<T>(route: string, body: unknown): Promise<T> {
  const response = await fetch(dataUrl(route), {
    method: 'POST',
    headers: { authorization: apiKey(), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 200)
    throw new Error(`POST ${route} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** Items matching a wire filter (`{ title: { $contains: 'x' } }`), in the given order. */
export async function ownerQuery(
  collectionId: string,
  filter: Item = {},
  sort: { fieldName: string; order: 'ASC' | 'DESC' }[] = [],
  limit = 1000,
): Promise<Item[]> {
  const { dataItems } = await ownerPost<{ dataItems: { data: Item }[] }>(DATA_ITEMS_ROUTES.query, {
    dataCollectionId: collectionId,
    query: { filter, sort, paging: { limit } },
  });
  return dataItems.map((item) => item.data);
}

export async function ownerCount(collectionId: string, filter: Item = {}): Promise<number> {
  const { totalCount } = await ownerPost<{ totalCount: number }>(DATA_ITEMS_ROUTES.count, {
    dataCollectionId: collectionId,
    filter,
  });
  return totalCount;
}

/** One item, or null when there is none. */
export async function ownerGet(collectionId: string, itemId: string): Promise<Item | null> {
  const url = new URL(dataUrl(DATA_ITEMS_ROUTES.get.replace('{dataItemId}', encodeURIComponent(itemId))));
  url.searchParams.set('dataCollectionId', collectionId);
  const response = await fetch(url, { headers: { authorization: apiKey() } });
  if (response.status === 404) return null;
  if (response.status !== 200) throw new Error(`GET ${url.pathname} answered ${response.status}`);
  return ((await response.json()) as { dataItem: { data: Item } }).dataItem.data;
}
