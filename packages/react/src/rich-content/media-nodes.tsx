import type { ReactNode } from 'react';
import { linkProps, Spoiler } from './decorations.js';
import { FileNode } from './file-node.js';
import { Frame, PlayerFacade } from './frame.js';
import {
  dims,
  focalPoint,
  imageSource,
  imgAttributes,
  mediaSource,
  responsiveImage,
  videoSource,
} from './media.js';
import {
  arr,
  css,
  int,
  nodeStyle,
  num,
  obj,
  oneOf,
  type Rec,
  safeColor,
  safeLength,
  safeUrl,
  str,
} from './safe.js';
import type { RichContentNodeComponent as C, RichContentContext, RichContentNodeProps } from './types.js';

/** Media nodes: images, galleries, video, audio, files, GIFs, shapes. */

const WIDTHS: Record<string, number> = { SMALL: 350, CONTENT: 740, FULL_WIDTH: 1920 };
const SIZES = ['CONTENT', 'SMALL', 'ORIGINAL', 'FULL_WIDTH'] as const;
const SIDES = ['CENTER', 'LEFT', 'RIGHT'] as const;

/** CSS pixels a media node is shown at, from `containerData.width` (its original width for ORIGINAL). */
export function displayWidth(data: Rec, natural = 0): number {
  const width = obj(obj(data.containerData).width);
  const custom = num(width.custom);
  if (custom && custom > 0) return custom;
  const size = str(width.size);
  return size === 'ORIGINAL' && natural > 0 ? natural : (WIDTHS[size ?? ''] ?? 740);
}

/**
 * A `<figure>` honouring `containerData` (width, alignment, spoiler) with an optional caption: the
 * node's CAPTION children, else the given text.
 */
export function MediaFigure({
  props,
  className,
  caption,
  children,
}: {
  props: RichContentNodeProps;
  className: string;
  caption?: ReactNode;
  children: ReactNode;
}) {
  const container = obj(props.data.containerData);
  const width = obj(container.width);
  const custom = num(width.custom);
  const spoiler = obj(container.spoiler);
  const content = props.children.length > 0 ? props.children : caption;
  const figure = (
    <figure
      id={props.domId}
      className={`atrium-rc-media ${className}`}
      data-width={oneOf(width.size, SIZES) ?? 'CONTENT'}
      data-align={oneOf(container.alignment, SIDES) ?? 'CENTER'}
      style={css({ ...nodeStyle(props.node), maxWidth: custom && custom > 0 ? `${custom}px` : undefined })}
    >
      {children}
      {content ? <figcaption className="atrium-rc-figcaption">{content}</figcaption> : null}
    </figure>
  );
  return spoiler.enabled === true ? (
    <Spoiler
      block
      context={props.context}
      label={str(spoiler.buttonText)}
      description={str(spoiler.description)}
    >
      {figure}
    </Spoiler>
  ) : (
    figure
  );
}

const percent = (value: number) => `${Math.round(value * 10000) / 100}%`;

/** An `<img>` of a V1Media through the media helpers, lazy, with `srcset`; null without a usable source. */
export function MediaImage({
  media,
  context,
  alt,
  displayWidth: width,
  crop,
  focal,
  aspect,
  className,
  style,
}: {
  media: unknown;
  context: RichContentContext;
  alt: string;
  displayWidth: number;
  crop?: unknown;
  focal?: unknown;
  aspect?: number;
  className?: string;
  style?: Record<string, string | undefined>;
}) {
  const source = imageSource(media);
  const image =
    source &&
    responsiveImage(source, context.media, { displayWidth: width, crop, focalPoint: focal, aspect });
  if (!image) return null;
  const point = focalPoint(focal);
  return (
    <img
      className={className}
      {...imgAttributes(image)}
      alt={alt}
      loading="lazy"
      decoding="async"
      style={css({ ...style, objectPosition: point ? `${percent(point.x)} ${percent(point.y)}` : undefined })}
    />
  );
}

export const ImageNode: C = (props) => {
  const { data, context } = props;
  const image = obj(data.image);
  const caption = str(data.caption);
  const border = obj(obj(data.styles).border);
  const img = (
    <MediaImage
      media={image}
      context={context}
      className="atrium-rc-img"
      alt={data.decorative === true ? '' : (str(data.altText) ?? caption ?? '')}
      displayWidth={displayWidth(data, dims(image).width)}
      crop={data.crop}
      focal={data.focalPoint ?? image.focalPoint}
      style={{
        borderWidth: safeLength(border.width),
        borderStyle: safeLength(border.width) ? 'solid' : undefined,
        borderColor: safeColor(border.color),
        borderRadius: safeLength(border.radius),
      }}
    />
  );
  if (!imageSource(image)) return null;
  const link = linkProps(data.link, context);
  return (
    <MediaFigure props={props} className="atrium-rc-image" caption={caption}>
      {link.href ? <a {...link}>{img}</a> : img}
    </MediaFigure>
  );
};

/** The default gallery: an accessible grid of its items (pass the app's `Gallery` as `components.GALLERY`). */
export const GalleryNode: C = (props) => {
  const { data, context } = props;
  const options = obj(data.options);
  const columns = int(obj(options.layout).numberOfColumns, 1, 8) ?? 3;
  const item = obj(options.item);
  const ratio = num(item.ratio);
  const fit = item.crop === 'FIT';
  const tile = Math.round(displayWidth(data) / columns);
  return (
    <MediaFigure props={props} className="atrium-rc-gallery">
      <ul
        className="atrium-rc-gallery-grid"
        aria-label={context.labels.gallery}
        data-layout={str(obj(options.layout).type)}
        style={css({ '--atrium-rc-columns': columns })}
      >
        {arr(data.items).map((value, i) => {
          const entry = obj(value);
          const image = obj(entry.image);
          const video = obj(entry.video);
          const title = str(entry.title);
          const alt = str(entry.altText) ?? title ?? '';
          const picture = (
            <MediaImage
              media={entry.image ? image.media : video.thumbnail}
              context={context}
              alt={alt}
              displayWidth={tile}
              aspect={fit ? undefined : ratio && ratio > 0 ? 1 / ratio : 1}
            />
          );
          const played = entry.video ? videoSource(video.media, context.fileUrl) : undefined;
          const link = linkProps(image.link, context);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: items have no required id
            <li key={i} className="atrium-rc-gallery-item">
              {played?.kind === 'file' ? (
                // biome-ignore lint/a11y/useMediaCaption: rich content documents carry no caption tracks
                <video controls preload="none" src={played.url} aria-label={alt || context.labels.video} />
              ) : played ? (
                <a href={safeUrl(obj(obj(video.media).src).url)} target="_blank" rel="noopener noreferrer">
                  {picture ?? alt}
                </a>
              ) : link.href ? (
                <a {...link}>{picture}</a>
              ) : (
                picture
              )}
              {title && <span className="atrium-rc-gallery-title">{title}</span>}
            </li>
          );
        })}
      </ul>
    </MediaFigure>
  );
};

export const VideoNode: C = (props) => {
  const { data, context } = props;
  const options = obj(data.options);
  const autoPlay = options.autoPlay === true;
  const loop = options.playInLoop === true;
  // Autoplaying media always keeps its controls (it must be possible to pause it).
  const controls = options.showControls !== false || autoPlay;
  const video = obj(data.video);
  const source = videoSource(video, context.fileUrl, { autoPlay, loop, controls });
  if (!source) return null;
  const title = str(data.title) ?? context.labels.video;
  const { width, height } = dims(video);
  const aspectRatio = width > 0 && height > 0 ? `${width} / ${height}` : '16 / 9';
  const thumbnail = imageSource(data.thumbnail);
  const poster = thumbnail && responsiveImage(thumbnail, context.media, { displayWidth: 1280 })?.src;
  return (
    <MediaFigure props={props} className="atrium-rc-video">
      {source.kind === 'file' ? (
        <video
          className="atrium-rc-player"
          src={source.url}
          poster={poster}
          controls={controls}
          autoPlay={autoPlay}
          muted={autoPlay}
          loop={loop}
          playsInline
          preload="metadata"
          aria-label={title}
          controlsList={data.disableDownload === true ? 'nodownload' : undefined}
          style={{ aspectRatio }}
        />
      ) : (
        <PlayerFacade
          title={title}
          src={source.url}
          poster={poster}
          labels={context.labels}
          style={{ aspectRatio }}
        />
      )}
    </MediaFigure>
  );
};

export const AudioNode: C = (props) => {
  const { data, context } = props;
  const audio = obj(data.audio);
  const { id, url } = mediaSource(audio);
  const src = id ? context.fileUrl(id, 'audio') : url;
  const name = str(data.name);
  const author = str(data.authorName);
  const html = str(data.html);
  if (!src && !html) return null;
  const label = name ?? context.labels.audio;
  return (
    <MediaFigure
      props={props}
      className="atrium-rc-audio"
      caption={
        (name || author) && (
          <>
            {name && <span className="atrium-rc-audio-name">{name}</span>}
            {author && <span className="atrium-rc-audio-author">{author}</span>}
          </>
        )
      }
    >
      <MediaImage media={data.coverImage} context={context} alt="" displayWidth={160} aspect={1} />
      {src ? (
        // biome-ignore lint/a11y/useMediaCaption: rich content documents carry no caption tracks
        <audio
          controls
          preload="none"
          src={src}
          aria-label={label}
          controlsList={data.disableDownload === true ? 'nodownload' : undefined}
        />
      ) : (
        <Frame title={label} srcDoc={html} />
      )}
    </MediaFigure>
  );
};

const gifUrl = (a: Rec, b: Rec, key: string) => safeUrl(a[key], true) ?? safeUrl(b[key], true);

/** A GIF, replaced by its still image for visitors who prefer reduced motion. */
export const GifNode: C = (props) => {
  const { data } = props;
  const [small, original] = [obj(data.downsized), obj(data.original)];
  const gif = gifUrl(small, original, 'gif');
  if (!gif) return null;
  const still = gifUrl(small, original, 'still');
  return (
    <MediaFigure props={props} className="atrium-rc-gif">
      <picture>
        {still && <source media="(prefers-reduced-motion: reduce)" srcSet={still} />}
        <img
          src={gif}
          alt={str(data.altText) ?? ''}
          width={int(data.width, 1, 4000)}
          height={int(data.height, 1, 4000)}
          loading="lazy"
          decoding="async"
        />
      </picture>
    </MediaFigure>
  );
};

export const ShapeNode: C = (props) => {
  const { data, context } = props;
  const img = (
    <MediaImage
      media={data.shape}
      context={context}
      alt={str(data.altText) ?? ''}
      displayWidth={displayWidth(data, dims(obj(data.shape)).width)}
    />
  );
  const link = linkProps(data.link, context);
  return (
    <MediaFigure props={props} className="atrium-rc-shape">
      {link.href ? <a {...link}>{img}</a> : img}
    </MediaFigure>
  );
};

export const MEDIA_NODES = {
  IMAGE: ImageNode,
  GALLERY: GalleryNode,
  VIDEO: VideoNode,
  AUDIO: AudioNode,
  FILE: FileNode,
  GIF: GifNode,
  SHAPE: ShapeNode,
} satisfies Record<string, C>;
