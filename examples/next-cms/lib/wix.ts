/**
 * The site's client, made the reference client's way: `createClient` with the visitor OAuth
 * strategy and the site's OAuth client id (the local platform's demo client, `atrium-demo`), and
 * the service modules the pages read: CMS items (`@wix/data`) and blog posts (`@wix/blog`).
 */
import { posts } from '@wix/blog';
import { items } from '@wix/data';
import { createClient, media, OAuthStrategy } from '@wix/sdk';

export const CLIENT_ID = 'atrium-demo';

export const wixClient = createClient({
  modules: { items, posts },
  auth: OAuthStrategy({ clientId: CLIENT_ID }),
});

/** A media-store image's URL, resized and cropped to fill `width` × `height`. */
export function imageUrl(
  image: string | null | undefined,
  width: number,
  height: number,
): string | undefined {
  return image ? media.getScaledToFillImageUrl(image, width, height, {}) : undefined;
}
