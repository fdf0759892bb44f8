/**
 * The site's client, made the reference client's way: `createClient` with the visitor OAuth
 * strategy and the site's OAuth client id (the local platform's demo client, `atrium-demo`).
 */
import { posts, tags } from '@wix/blog';
import { createClient, media, OAuthStrategy } from '@wix/sdk';

export const CLIENT_ID = 'atrium-demo';

export const wixClient = createClient({
  modules: { posts, tags },
  auth: OAuthStrategy({ clientId: CLIENT_ID }),
});

/** A cover image's URL, resized and cropped to fill `width` × `height`. */
export function coverUrl(image: string | undefined, width: number, height: number): string | undefined {
  return image ? media.getScaledToFillImageUrl(image, width, height, {}) : undefined;
}

/** A media-store image (a rich content IMAGE node's `src.id`) at its own size. */
export function imageUrl(id: string, width: number, height: number): string {
  return media.getImageUrl(`wix:image://v1/${id}/${id}#originWidth=${width}&originHeight=${height}`).url;
}
