import { type CSSProperties, type HTMLAttributes, memo, type ReactNode, useMemo } from 'react';
import { imgAttributes } from '../rich-content/media.js';
import {
  aspectOf,
  type GalleryMedia,
  parseImage,
  parseVideo,
  type ResponsiveImage,
  responsiveImage,
} from './media.js';
import { isSafeUrl, linkRel, linkTarget, renderSafeNodes, sanitizeHtml } from './sanitize.js';
import { type GalleryItemData, type GalleryPointData, itemKind, itemLabel } from './types.js';

/**
 * How one item is drawn: as a tile in a layout (a button that opens the lightbox, never playing
 * media itself) and on the lightbox's stage (full image, playable video, formatted text). Class
 * names are stable (`atrium-gallery-…`) for styling; inline styles are only what the geometry needs.
 */

/** The image that stands for an item: its own, a video's poster, or none. */
export function previewImageOf(
  item: GalleryItemData,
): { source: string; focalPoint?: GalleryPointData | null } | null {
  const kind = itemKind(item);
  if (kind === 'IMAGE' && item.image?.imageInfo) {
    return { source: item.image.imageInfo, focalPoint: item.image.focalPoint };
  }
  const secondary = item.secondaryMedia?.image;
  if (secondary?.imageInfo) return { source: secondary.imageInfo, focalPoint: secondary.focalPoint };
  if (kind === 'VIDEO') {
    const poster = parseVideo(item.video?.videoInfo)?.poster;
    if (poster) return { source: poster };
  }
  return null;
}

/**
 * Height / width of an item's natural box, from its URI (no image needs to load): a text item is
 * square, a video without poster 16:9; kept within 1:4 and 3:1 so no tile is a sliver.
 */
export function itemAspect(item: GalleryItemData): number {
  const preview = previewImageOf(item);
  const kind = itemKind(item);
  const fallback = kind === 'TEXT' ? 1 : kind === 'VIDEO' ? 9 / 16 : 3 / 4;
  const aspect = preview ? aspectOf(parseImage(preview.source), fallback) : fallback;
  return Math.min(3, Math.max(0.25, aspect));
}

const MEDIA_STYLE: CSSProperties = { display: 'block', width: '100%', height: '100%' };

interface ImgProps {
  image: ResponsiveImage;
  alt: string;
  className: string;
  eager?: boolean;
  fit?: boolean;
}

function Img({ image, alt, eager, className, fit }: ImgProps) {
  return (
    <img
      className={className}
      {...imgAttributes(image)}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      style={{ ...MEDIA_STYLE, objectFit: fit ? 'contain' : 'cover', objectPosition: image.objectPosition }}
    />
  );
}

/** Formatted text of a text item, sanitised; links drawn as text when inside a tile's button. */
function TextContent({ html, links }: { html: string | null | undefined; links: boolean }) {
  const nodes = useMemo(() => sanitizeHtml(html), [html]);
  return <div className="atrium-gallery-text">{renderSafeNodes(nodes, { links })}</div>;
}

/** An item's link, with its `rel` values and target honoured; nothing for an unsafe URL. */
export function ItemLink({ item, label }: { item: GalleryItemData; label: string }) {
  const url = item.link?.url?.trim();
  if (!url || !isSafeUrl(url)) return null;
  const target = linkTarget(item.link?.target);
  return (
    <a className="atrium-gallery-link" href={url} target={target} rel={linkRel(item.link?.rel, target)}>
      {item.link?.text?.trim() || `${label}: link`}
    </a>
  );
}

export interface GalleryTileProps {
  item: GalleryItemData;
  index: number;
  media: GalleryMedia;
  /** CSS pixels of the tile's media box; the image is cropped to it around the focal point. */
  width: number;
  height: number;
  onOpen: (index: number) => void;
  /** Position and size from the layout. */
  style?: CSSProperties;
  /** Load the image at once (the first screenful of a slideshow), not when near the viewport. */
  eager?: boolean;
  /** Shown below or over the media (default: title and link). */
  caption?: boolean;
  /** Show the whole image inside the box (letterboxed) instead of cropping it to the box. */
  fit?: boolean;
  /** Extra attributes of the tile's element (roles, positions in a set). */
  attributes?: Pick<
    HTMLAttributes<HTMLElement>,
    'role' | 'aria-posinset' | 'aria-setsize' | 'aria-roledescription' | 'aria-label'
  >;
}

/** One item in a layout: a button (Enter, Space or click opens the lightbox) and a caption. */
export const GalleryTile = memo(function GalleryTile({
  item,
  index,
  media,
  width,
  height,
  onOpen,
  style,
  eager,
  caption = true,
  fit = false,
  attributes,
}: GalleryTileProps) {
  const kind = itemKind(item);
  const label = itemLabel(item, index);
  const image = useMemo(() => {
    const preview = previewImageOf(item);
    return preview
      ? responsiveImage(
          preview.source,
          media.image,
          fit
            ? { displayWidth: width, maxHeight: height }
            : { displayWidth: width, boxAspect: height / Math.max(1, width), focalPoint: preview.focalPoint },
        )
      : null;
  }, [item, media.image, width, height, fit]);
  let content: ReactNode;
  if (kind === 'TEXT' && !image) content = <TextContent html={item.text?.html} links={false} />;
  else if (image)
    content = <Img className="atrium-gallery-media" image={image} alt="" eager={eager} fit={fit} />;
  else
    content = <span className="atrium-gallery-placeholder">{kind === 'VIDEO' ? 'Video' : 'No image'}</span>;
  const title = item.title?.trim();
  const link = <ItemLink item={item} label={label} />;
  return (
    <figure
      {...attributes}
      className={`atrium-gallery-item atrium-gallery-item--${kind.toLowerCase()}`}
      data-gallery-index={index}
      style={style}
    >
      <button
        type="button"
        className="atrium-gallery-open"
        aria-haspopup="dialog"
        aria-label={kind === 'VIDEO' ? `${label} (video)` : label}
        onClick={() => onOpen(index)}
      >
        {content}
        {kind === 'VIDEO' && (
          <span className="atrium-gallery-play" aria-hidden="true">
            ▶
          </span>
        )}
      </button>
      {caption && (title || item.link?.url) && (
        <figcaption className="atrium-gallery-caption">
          {title && <span className="atrium-gallery-title">{title}</span>}
          {link}
        </figcaption>
      )}
    </figure>
  );
});

export interface StageSize {
  /** CSS pixels available to the media. */
  readonly width: number;
  readonly height: number;
}

/** The image a stage shows for an item, sized to fit; shared with the lightbox's preloading. */
export function stageImageOf(
  item: GalleryItemData,
  media: GalleryMedia,
  size: StageSize,
): ResponsiveImage | null {
  const preview = previewImageOf(item);
  if (!preview) return null;
  return responsiveImage(preview.source, media.image, {
    displayWidth: size.width,
    maxHeight: size.height,
  });
}

const SITE_NAMES = { YOUTUBE: 'YouTube', VIMEO: 'Vimeo', URL: 'its site' } as const;

/** An item on the lightbox's stage: the whole image, a playable video, or the formatted text. */
export function ItemStage({
  item,
  index,
  media,
  size,
}: {
  item: GalleryItemData;
  index: number;
  media: GalleryMedia;
  size: StageSize;
}) {
  const kind = itemKind(item);
  const label = itemLabel(item, index);
  const image = useMemo(() => stageImageOf(item, media, size), [item, media, size]);
  if (kind === 'TEXT') return <TextContent html={item.text?.html} links />;
  if (kind === 'VIDEO') {
    const video = parseVideo(item.video?.videoInfo);
    if (video?.kind === 'WIX_MEDIA') {
      // The player fills the stage with the video's aspect ratio (its poster's, else 16:9), not the
      // poster's own pixel size: a small video still plays at a size one can watch.
      const aspect =
        video.posterWidth > 0 && video.posterHeight > 0
          ? video.posterHeight / video.posterWidth
          : image
            ? image.height / Math.max(1, image.width)
            : 9 / 16;
      const width = Math.max(1, Math.round(Math.min(size.width, size.height / aspect)));
      const height = Math.max(1, Math.round(width * aspect));
      return (
        // biome-ignore lint/a11y/useMediaCaption: the media store holds no caption tracks for uploaded videos
        <video
          className="atrium-gallery-video"
          controls
          preload="none"
          poster={image?.src}
          src={media.video(item.video!.videoInfo!)}
          width={width}
          height={height}
          style={{ aspectRatio: `${width} / ${height}`, objectFit: 'contain' }}
          aria-label={label}
        />
      );
    }
    // YouTube and Vimeo are not embedded (no third-party frames, and the site may be offline): a
    // card with the poster, if any, and a link to watch it there.
    return (
      <div className="atrium-gallery-video-card">
        {image && <StageImg image={image} alt="" />}
        {video?.url && (
          <a className="atrium-gallery-watch" href={video.url} target="_blank" rel="noopener noreferrer">
            Watch “{label}” on {SITE_NAMES[video.kind as keyof typeof SITE_NAMES] ?? SITE_NAMES.URL}
          </a>
        )}
      </div>
    );
  }
  if (!image) return <span className="atrium-gallery-placeholder">No image</span>;
  return <StageImg image={image} alt={item.description?.trim() || label} />;
}

/** A whole (fitted) image on the stage, sized by its attributes (the style may shrink it further). */
function StageImg({ image, alt }: { image: ResponsiveImage; alt: string }) {
  return <img className="atrium-gallery-stage-image" {...imgAttributes(image)} alt={alt} decoding="async" />;
}

/** Starts loading an image (the lightbox's and slideshow's neighbours) so that moving shows it at once. */
export function preloadImage(image: ResponsiveImage | null): void {
  if (!image || typeof Image === 'undefined') return;
  const preload = new Image();
  preload.decoding = 'async';
  if (image.srcSet) {
    preload.sizes = image.sizes ?? '';
    preload.srcset = image.srcSet;
  }
  preload.src = image.src;
}
