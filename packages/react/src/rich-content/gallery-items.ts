import type { GalleryItemData } from '../gallery/types.js';
import { dims, mediaSource } from './media.js';
import { arr, obj, type Rec, str } from './safe.js';

/**
 * A GALLERY node's items (`galleryData.items`) as the `Gallery` component's items, so that an app
 * can draw galleries with it without this entry point importing it:
 *
 *   import { Gallery } from '@atrium/react';
 *   const components = { GALLERY: ({ data }) => <Gallery items={richGalleryItems(data)} /> };
 */
export function richGalleryItems(galleryData: Rec): GalleryItemData[] {
  return arr(galleryData.items).map((value, index) => {
    const item = obj(value);
    const image = obj(item.image);
    const video = obj(item.video);
    const uri = (media: unknown, kind: 'image' | 'video') => {
      const { id, url } = mediaSource(media);
      const { width, height } = dims(obj(media));
      if (!id) return url;
      return kind === 'image'
        ? `wix:image://v1/${id}/${id}#originWidth=${width}&originHeight=${height}`
        : `wix:video://v1/${id}/${id}`;
    };
    const link = obj(image.link);
    const target = str(link.target);
    return {
      _id: str(item.id) ?? str(item._id) ?? `item-${index}`,
      title: str(item.title),
      ...(item.video
        ? {
            type: 'VIDEO',
            video: { videoInfo: uri(video.media, 'video') },
            secondaryMedia: { image: { imageInfo: uri(video.thumbnail, 'image') } },
          }
        : {
            type: 'IMAGE',
            image: { imageInfo: uri(image.media, 'image') },
            ...(str(link.url)
              ? { link: { url: str(link.url), target: target === 'BLANK' ? '_blank' : undefined } }
              : {}),
          }),
    };
  });
}
