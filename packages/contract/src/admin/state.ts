import { ADMIN_PREFIX } from '../routes/platform.js';
import { endpoint } from './endpoint.js';

/**
 * Save and restore (owners): the platform's whole local state (database rows and media files) as
 * one archive, exported, imported (`?replace=true` over a platform that holds data), or reset. The
 * process keeps the site id and signing keys it started with until it is restarted.
 */

/** What an export or an import moved. */
export interface StateSummary {
  readonly tables: number;
  readonly rows: number;
  readonly mediaFiles: number;
  readonly mediaBytes: number;
  /** Bytes of the archive. */
  readonly archiveBytes: number;
  readonly seconds: number;
}

export interface ImportStateResponse {
  readonly imported: StateSummary & { readonly restartRequired: true };
}

export interface ResetStateResponse {
  readonly reset: { readonly rows: number; readonly mediaFiles: number };
  readonly restartRequired: true;
}

export const STATE_API = {
  /** GET → the archive (application/gzip, as a download): not JSON, read it with fetch. */
  export: endpoint<Blob>()('GET', `${ADMIN_PREFIX}/v1/state/export`),
  /** POST, the archive itself as the body (application/gzip): not JSON, send it with fetch or XHR. */
  import: endpoint<ImportStateResponse, Blob, { replace?: boolean }>()(
    'POST',
    `${ADMIN_PREFIX}/v1/state/import`,
  ),
  /** POST { confirm: "reset" }. */
  reset: endpoint<ResetStateResponse, { confirm: 'reset' }>()('POST', `${ADMIN_PREFIX}/v1/state/reset`),
} as const;
