import type { DataPagingMetadata, Json } from '@atrium/contract/types';
import { encodeCursor, pageMetadata as metadata } from '../../../query/index.js';
import type { DataPage } from './paging.js';

/**
 * A data page's answer metadata (the platform's query/page-metadata.ts): its cursors name the call
 * the page was resolved for (./paging.ts) and carry `state`, the request state the next page needs.
 */
export const pageMetadata = (
  page: DataPage,
  count: number,
  more: boolean,
  total: number | undefined,
  state: unknown,
): DataPagingMetadata =>
  metadata(page, count, more, total, (offset) =>
    encodeCursor(page.call, offset, page.limit, { q: state as Json }),
  ) as DataPagingMetadata;
