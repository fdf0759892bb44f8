import { type MediaHelpers, media, parseMediaUri } from '@atrium/sdk/media';
import type { ImageUrlResolver, VideoUrlResolver } from './media.js';

/**
 * The gallery's URL resolvers from `@atrium/sdk/media`'s helpers: fill (focal-point crops, the
 * point given in percent as the helpers take it) and fit URLs for `wix:image://` URIs, file URLs for
 * `wix:video://` ones; external URLs are used as they are (they cannot be resized).
 *
 *   <Gallery items={items} {...galleryMediaUrls(createMedia({ platformUrl }))} />
 */
export function galleryMediaUrls(helpers: MediaHelpers): {
  imageUrl: ImageUrlResolver;
  videoUrl: VideoUrlResolver;
} {
  return {
    imageUrl: (source, { width, height, mode, focalPoint }) => {
      const parsed = parseMediaUri(source);
      if (parsed?.kind !== 'image') return source;
      const name = parsed.filename;
      if (mode === 'fit') return helpers.getScaledToFitImageUrl(source, width, height, { name });
      return helpers.getScaledToFillImageUrl(source, width, height, {
        name,
        ...(focalPoint ? { focalPoint: { x: focalPoint.x * 100, y: focalPoint.y * 100 } } : {}),
      });
    },
    videoUrl: (source) => helpers.getVideoUrl(source).url,
  };
}

let hosted: ReturnType<typeof galleryMediaUrls> | undefined;

/** URLs on the hosted platform's media host (`@atrium/sdk/media`'s `media`), for a gallery given none. */
export const defaultMediaUrls = () => (hosted ??= galleryMediaUrls(media));
