import type { Logger } from '../../logger.js';
import type { MediaStore } from '../../media/types.js';
import type { CallerAuthority } from '../../oauth/caller.js';

/** What the forms services use: the database and signing keys (callers), the media store, the log. */
export interface FormsContext extends CallerAuthority {
  readonly media: MediaStore;
  readonly logger: Logger;
}

/**
 * Removes files from the media store once the transaction that forgot them has committed. Best
 * effort: a file that cannot be removed is logged, never turned into an error of a call that has
 * already happened.
 */
export async function removeMediaFiles(ctx: FormsContext, fileIds: readonly string[]): Promise<void> {
  for (const fileId of fileIds) {
    try {
      await ctx.media.remove(fileId);
    } catch (error) {
      ctx.logger.warn(
        `could not remove media file ${fileId}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}
