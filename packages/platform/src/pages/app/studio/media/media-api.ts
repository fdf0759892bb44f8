import { MEDIA_ROUTES } from '@atrium/contract/routes';
import type { ListMediaFilesResponse } from '@atrium/contract/types';
import { fillPath, sessionCall } from '../../kit/index.js';

/**
 * The media library's public routes as the console reads them (newest first). `MEDIA_KEY` starts
 * every cache key of the library: invalidating it after an upload or a deletion reloads each page.
 */
export const MEDIA_KEY = MEDIA_ROUTES.upload;

export const mediaApi = {
  list: (offset: number, limit: number) =>
    sessionCall<ListMediaFilesResponse>(`${MEDIA_ROUTES.upload}?offset=${offset}&limit=${limit}`),
  remove: (id: string) =>
    sessionCall<unknown>(fillPath(MEDIA_ROUTES.libraryFile, { id }), { method: 'DELETE' }),
};
