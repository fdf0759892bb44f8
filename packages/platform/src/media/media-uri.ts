import { MEDIA_URI_PREFIXES } from '@atrium/contract';
import type { MediaFile } from './types.js';

/**
 * A stored file's media URI (docs/wire.md §1.7.5), what SDK callers put in `imageInfo` or `videoInfo`:
 * `wix:image://v1/<id>/<name>#originWidth=<w>&originHeight=<h>`, `wix:video://v1/<id>/<name>`,
 * `wix:document://v1/<id>/<name>`.
 */
export function mediaUri(file: Pick<MediaFile, 'id' | 'filename' | 'kind' | 'width' | 'height'>): string {
  const name = encodeURIComponent(file.filename);
  if (file.kind === 'image') {
    return `${MEDIA_URI_PREFIXES.image}${file.id}/${name}#originWidth=${file.width ?? 0}&originHeight=${file.height ?? 0}`;
  }
  const prefix = file.kind === 'video' ? MEDIA_URI_PREFIXES.video : MEDIA_URI_PREFIXES.document;
  return `${prefix}${file.id}/${name}`;
}
