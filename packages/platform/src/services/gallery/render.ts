import type {
  Gallery,
  GalleryImage,
  GalleryItem,
  GalleryText,
  GalleryVideo,
  MediaImage,
  MediaVideo,
  MediaVideoPoster,
} from '@atrium/contract/types';
import type { MediaStore } from '../../media/types.js';
import type { StoredImage, StoredItemData, StoredPoster, StoredText, StoredVideo } from './item-data.js';
import type { StoredGallery, StoredItem } from './store.js';

/**
 * Stored galleries and items as they travel (docs/wire.md §7): ids and dates under their wire names,
 * media-store files with their real size and the URL the platform serves them at (from the
 * request's origin), external media with the URL they were given.
 */
export interface Renderer {
  gallery(gallery: StoredGallery, items: readonly StoredItem[], totalItems: number): Gallery;
  item(item: StoredItem): GalleryItem;
}

export function renderer(media: Pick<MediaStore, 'fileUrl'>, origin: string): Renderer {
  const fileUrl = (id: string, filename: string) => media.fileUrl(origin, { id, filename });

  const image = (stored: StoredImage): GalleryImage => {
    const { info } = stored;
    const imageInfo: MediaImage =
      info.source === 'media'
        ? {
            id: info.id,
            url: fileUrl(info.id, info.filename),
            width: info.width,
            height: info.height,
            filename: info.filename,
            ...(info.altText === undefined ? {} : { altText: info.altText }),
          }
        : withoutSource(info);
    return {
      type: info.source === 'media' ? 'WIX_MEDIA' : 'EXTERNAL',
      imageInfo,
      focalPoint: stored.focalPoint,
      ...(stored.exif === undefined ? {} : { exif: stored.exif }),
      ...(stored.quality === undefined ? {} : { quality: stored.quality }),
      ...(stored.unsharpMasking === undefined ? {} : { unsharpMasking: stored.unsharpMasking }),
    };
  };

  const poster = (stored: StoredPoster): MediaVideoPoster =>
    stored.source === 'media'
      ? {
          id: stored.id,
          url: fileUrl(stored.id, stored.filename),
          width: stored.width,
          height: stored.height,
          filename: stored.filename,
        }
      : withoutSource(stored);

  const video = (stored: StoredVideo): GalleryVideo => {
    const { info } = stored;
    const posters = info.posters.map(poster);
    let videoInfo: MediaVideo;
    if (info.source === 'media') {
      const url = fileUrl(info.id, info.filename);
      videoInfo = {
        id: info.id,
        url,
        filename: info.filename,
        width: info.width,
        height: info.height,
        posters,
        // The original is the one rendition: the platform does not transcode.
        resolutions: [
          {
            url,
            width: info.width,
            height: info.height,
            format: info.contentType.split('/')[1] ?? 'mp4',
            filename: info.filename,
          },
        ],
      };
    } else {
      videoInfo = { url: info.url, ...(posters.length > 0 ? { posters } : {}) };
    }
    return {
      type: stored.type,
      videoInfo,
      ...(stored.durationInMillis === undefined ? {} : { durationInMillis: stored.durationInMillis }),
    };
  };

  const text = (stored: StoredText): GalleryText => ({ ...stored });

  const item = (stored: StoredItem): GalleryItem => {
    const data: StoredItemData = stored.data;
    return {
      id: stored.id,
      type: stored.type,
      sortOrder: stored.sortOrder,
      ...(data.title === undefined ? {} : { title: data.title }),
      ...(data.description === undefined ? {} : { description: data.description }),
      ...(data.link === undefined ? {} : { link: { ...data.link } }),
      ...(data.image === undefined ? {} : { image: image(data.image) }),
      ...(data.video === undefined ? {} : { video: video(data.video) }),
      ...(data.text === undefined ? {} : { text: text(data.text) }),
      ...(data.secondaryMedia === undefined
        ? {}
        : {
            secondaryMedia: {
              ...(data.secondaryMedia.image === undefined ? {} : { image: image(data.secondaryMedia.image) }),
              ...(data.secondaryMedia.text === undefined ? {} : { text: text(data.secondaryMedia.text) }),
            },
          }),
      tags: { values: data.tags },
      createdDate: stored.createdDate.toISOString(),
      updatedDate: stored.updatedDate.toISOString(),
    };
  };

  return {
    item,
    gallery: (gallery, items, totalItems) => ({
      id: gallery.id,
      ...(gallery.name === null ? {} : { name: gallery.name }),
      totalItems,
      items: items.map(item),
      sortOrder: gallery.sortOrder,
      createdDate: gallery.createdDate.toISOString(),
      state: gallery.state,
    }),
  };
}

const withoutSource = <T extends { source: string }>({ source: _source, ...rest }: T): Omit<T, 'source'> =>
  rest;
