import { DATA_ITEMS_ROUTES } from '@atrium/contract/routes/data';
import type { Transport } from '../../../../client/transport.js';
import type { ReferencedResult, WixDataResult } from '../../types/items.js';
import { PagedResult } from './paged-result.js';
import { compact, readOptions } from './query.js';
import * as check from './validate.js';
import { type Answer, post, send } from './wire.js';

/**
 * Reference fields (docs/wire.md §9.2): the items an item references, and adding, replacing, removing
 * and testing references. A reference argument is an id or an item with an `_id`.
 */

type Options = Record<string, unknown> | undefined;

const DEFAULT_REFERENCED_PAGE = 50;

const queryReferencedItemsRaw = (transport: Transport, body: Record<string, unknown>) =>
  send(transport, 'QueryReferencedDataItems', post(DATA_ITEMS_ROUTES.queryReferenced, body));

const upperOrder = (order: unknown) =>
  order === 'asc' || order === 'desc' ? order.toUpperCase() : (order as string | undefined);

/** `queryReferenced(collectionId, holdingItem, field, options)`: pages of the referenced items. */
export function queryReferenced(
  transport: Transport,
  collectionId: unknown,
  holdingItem: unknown,
  relationshipAttribute: unknown,
  options: Options,
): Promise<WixDataResult<Answer>> {
  check.collectionName(collectionId);
  const referringItemId = check.referenceId(holdingItem, 'holdingItem');
  check.referenceField(relationshipAttribute, 'relationshipAttribute');
  check.options(options);
  const limit = typeof options?.limit === 'number' ? options.limit : DEFAULT_REFERENCED_PAGE;
  const skip = typeof options?.skip === 'number' ? options.skip : 0;
  return PagedResult.first(
    {
      collectionId,
      limit,
      read: async (page, first) => {
        const body =
          'cursor' in page
            ? {
                cursorPaging: { limit: page.limit, cursor: page.cursor },
                ...compact(readOptions(options)),
                dataCollectionId: collectionId,
              }
            : compact({
                paging: { limit: page.limit, offset: page.offset },
                ...readOptions(options),
                dataCollectionId: collectionId,
                fields: options?.fields,
                referringItemId,
                referringItemFieldName: relationshipAttribute,
                order: upperOrder(options?.order),
                returnTotalCount: first ? options?.returnTotalCount : undefined,
              });
        const answer = await queryReferencedItemsRaw(transport, body);
        const results = (answer.results ?? []) as Answer[];
        return {
          // Unresolved references have no item to show.
          items: results.filter((result) => result.dataItem).map((result) => result.dataItem.data),
          metadata: answer.pagingMetadata ?? {},
        };
      },
    },
    skip,
  );
}

/** `queryReferencedItems(collectionId, item(s), field, options)` → `{ results, pagingMetadata }`. */
export async function queryReferencedItems(
  transport: Transport,
  collectionId: unknown,
  referringItem: unknown,
  referringItemFieldName: unknown,
  options: Options,
) {
  check.collectionName(collectionId);
  const referringItemIds = (Array.isArray(referringItem) ? referringItem : [referringItem]).map((item) =>
    check.referenceId(item, 'referringItem'),
  );
  check.referenceField(referringItemFieldName, 'referringItemFieldName');
  check.options(options);
  const answer = await queryReferencedItemsRaw(
    transport,
    compact({
      ...readOptions(options),
      dataCollectionId: collectionId,
      referringItemIds,
      referringItemFieldName,
      order: options?.order,
      paging: options?.paging,
      cursorPaging: options?.cursorPaging,
      fields: options?.fields,
      returnTotalCount: options?.returnTotalCount,
    }),
  );
  const results: ReferencedResult[] = ((answer.results ?? []) as Answer[]).map((result) =>
    result.dataItem
      ? { referringItemId: result.referringItemId, item: result.dataItem.data }
      : { referringItemId: result.referringItemId, unresolvedReference: result.unresolvedReference },
  );
  return { results, pagingMetadata: answer.pagingMetadata ?? {} };
}

/** The arguments every reference call takes after the transport, as the data module passes them. */
type ReferenceCall<R> = (
  transport: Transport,
  collectionId: unknown,
  propertyName: unknown,
  referringItem: unknown,
  referencedItem: unknown,
  options: Options,
) => Promise<R>;

/** A reference call that takes its arguments checked: the ids (one or many referenced) and options. */
const referenceCall =
  <R>(
    code: 'WDE0019' | 'WDE0021',
    run: (
      transport: Transport,
      call: {
        collectionId: unknown;
        propertyName: unknown;
        referringItemId: string;
        referencedItemIds: string[];
        options: Options;
      },
    ) => Promise<R>,
  ): ReferenceCall<R> =>
  (transport, collectionId, propertyName, referringItem, referencedItem, options) => {
    check.collectionName(collectionId);
    check.referenceField(propertyName, 'propertyName');
    const referringItemId = check.referenceId(referringItem, 'referringItem', code);
    const referencedItemIds = (Array.isArray(referencedItem) ? referencedItem : [referencedItem]).map(
      (item) => check.referenceId(item, 'referencedItem', code),
    );
    check.options(options);
    return run(transport, { collectionId, propertyName, referringItemId, referencedItemIds, options });
  };

/** insertReference (`insert`) or removeReference: one bulk call, a reference per referenced item. */
const changeReferences = (insert: boolean) =>
  referenceCall(insert ? 'WDE0021' : 'WDE0019', async (transport, call) => {
    const body = compact({
      dataCollectionId: call.collectionId,
      dataItemReferences: call.referencedItemIds.map((referencedItemId) => ({
        referringItemFieldName: call.propertyName,
        referringItemId: call.referringItemId,
        referencedItemId,
      })),
      suppressHooks: call.options?.suppressHooks,
    });
    await send(
      transport,
      insert ? 'BulkInsertDataItemReferences' : 'BulkRemoveDataItemReferences',
      post(insert ? DATA_ITEMS_ROUTES.insertReferences : DATA_ITEMS_ROUTES.removeReferences, body),
    );
  });

export const insertReference = changeReferences(true);
export const removeReference = changeReferences(false);

export const replaceReferences = referenceCall('WDE0019', async (transport, call) => {
  await send(
    transport,
    'ReplaceDataItemReferences',
    post(DATA_ITEMS_ROUTES.replaceReferences, {
      dataCollectionId: call.collectionId,
      referringItemFieldName: call.propertyName,
      referringItemId: call.referringItemId,
      newReferencedItemIds: call.referencedItemIds,
    }),
  );
});

export const isReferenced: ReferenceCall<boolean> = async (
  transport,
  collectionId,
  propertyName,
  referringItem,
  referencedItem,
  options,
) => {
  check.collectionName(collectionId);
  check.referenceField(propertyName, 'propertyName');
  const referringItemId = check.referenceId(referringItem, 'referringItem');
  const referencedItemId = check.referenceId(referencedItem, 'referencedItem');
  check.options(options);
  const answer = await send(
    transport,
    'IsReferencedDataItem',
    post(
      DATA_ITEMS_ROUTES.isReferenced,
      compact({
        dataCollectionId: collectionId,
        referringItemFieldName: propertyName,
        referringItemId,
        referencedItemId,
        consistentRead: options?.consistentRead,
      }),
    ),
  );
  return answer.isReferenced === true;
};
