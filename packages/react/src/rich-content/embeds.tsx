import { linkProps } from './decorations.js';
import { Frame, PlayerFacade } from './frame.js';
import { imageSource, playerUrl, responsiveImage } from './media.js';
import { MediaFigure, MediaImage } from './media-nodes.js';
import {
  arr,
  css,
  httpUrl,
  int,
  nodeStyle,
  num,
  obj,
  oneOf,
  safeColor,
  safeLength,
  safeUrl,
  str,
} from './safe.js';
import { nodeIdOf } from './tree.js';
import type { RichContentNodeComponent as C } from './types.js';

/** HTML, embeds, link previews, maps, polls, app embeds and buttons. */

/** HTML nodes: `html` in a sandboxed `srcdoc` frame, `url` (https) in a sandboxed frame. */
export const HtmlNode: C = (props) => {
  const { data, context } = props;
  const html = str(data.html);
  const url = httpUrl(data.url);
  if (!html && url?.protocol !== 'https:') return null;
  const height = safeLength(obj(obj(data.containerData).height).custom);
  return (
    <MediaFigure props={props} className="atrium-rc-html">
      <Frame title={context.labels.embed} srcDoc={html} src={url?.href} style={css({ height })} />
    </MediaFigure>
  );
};

/** oEmbed: YouTube/Vimeo as privacy-friendly players, other HTML sandboxed, else a link card. */
export const EmbedNode: C = (props) => {
  const { data, context } = props;
  const oembed = obj(data.oembed);
  const title = str(oembed.title) ?? str(oembed.providerName) ?? context.labels.embed;
  const width = num(oembed.width);
  const height = num(oembed.height);
  const style = css({
    aspectRatio: width && height && width > 0 && height > 0 ? `${width} / ${height}` : undefined,
  });
  const page = httpUrl(oembed.videoUrl ?? oembed.url ?? data.src);
  const player = page && playerUrl(page);
  const html = str(oembed.html);
  if (player) {
    const thumbnail = imageSource({ src: { url: oembed.thumbnailUrl } });
    return (
      <MediaFigure props={props} className="atrium-rc-embed">
        <PlayerFacade
          title={title}
          src={player.url}
          poster={thumbnail && responsiveImage(thumbnail, context.media, { displayWidth: 1280 })?.src}
          labels={context.labels}
          style={style}
        />
      </MediaFigure>
    );
  }
  if (html)
    return (
      <MediaFigure props={props} className="atrium-rc-embed">
        <Frame title={title} srcDoc={html} style={style} />
      </MediaFigure>
    );
  return page ? (
    <MediaFigure props={props} className="atrium-rc-embed">
      <a href={page.href} target="_blank" rel="noopener noreferrer">
        <MediaImage
          media={{ src: { url: oembed.thumbnailUrl } }}
          context={context}
          alt=""
          displayWidth={740}
        />
        {title}
      </a>
    </MediaFigure>
  ) : null;
};

const THUMBNAIL_POSITIONS = ['START', 'END', 'TOP', 'HIDDEN'] as const;

export const LinkPreviewNode: C = (props) => {
  const { node, data, context, domId } = props;
  const link = linkProps(data.link, context);
  const title = str(data.title);
  const html = str(data.html);
  if (!title && html)
    return (
      <MediaFigure props={props} className="atrium-rc-embed">
        <Frame title={context.labels.embed} srcDoc={html} />
      </MediaFigure>
    );
  if (!link.href) return null;
  const styles = obj(data.styles);
  const position = oneOf(styles.thumbnailPosition, THUMBNAIL_POSITIONS) ?? 'START';
  const host = httpUrl(link.href)?.hostname;
  const description = str(data.description);
  return (
    <a
      id={domId}
      className="atrium-rc-preview"
      data-thumbnail={position}
      {...link}
      style={css({
        ...nodeStyle(node),
        backgroundColor: safeColor(styles.backgroundColor),
        borderColor: safeColor(styles.borderColor),
        borderWidth: safeLength(styles.borderWidth),
        borderRadius: safeLength(styles.borderRadius),
      })}
    >
      {position !== 'HIDDEN' && (
        <MediaImage
          className="atrium-rc-preview-image"
          media={{ src: { url: data.thumbnailUrl } }}
          context={context}
          alt=""
          displayWidth={240}
        />
      )}
      <span className="atrium-rc-preview-text">
        <span className="atrium-rc-preview-title" style={css({ color: safeColor(styles.titleColor) })}>
          {title ?? link.href}
        </span>
        {description && (
          <span
            className="atrium-rc-preview-description"
            style={css({ color: safeColor(styles.subtitleColor) })}
          >
            {description}
          </span>
        )}
        {host && (
          <span className="atrium-rc-preview-host" style={css({ color: safeColor(styles.linkColor) })}>
            {host}
          </span>
        )}
      </span>
    </a>
  );
};

/** A map as a link to OpenStreetMap (no third-party map is loaded). */
export const MapNode: C = ({ node, data, context, domId }) => {
  const settings = obj(data.mapSettings);
  const lat = num(settings.lat);
  const lng = num(settings.lng);
  const address = str(settings.address);
  const name = str(settings.locationName);
  const zoom = int(settings.initialZoom, 1, 19) ?? 15;
  const href =
    lat !== undefined && lng !== undefined
      ? `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=${zoom}/${lat}/${lng}`
      : address && `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}`;
  if (!href) return null;
  return (
    <div
      id={domId}
      className="atrium-rc-map"
      data-map-type={str(settings.mapType)}
      style={css(nodeStyle(node))}
    >
      <a href={href} target="_blank" rel="noopener noreferrer">
        {context.labels.map}: {name ?? address ?? `${lat}, ${lng}`}
      </a>
      {name && address && <span className="atrium-rc-map-address">{address}</span>}
    </div>
  );
};

/** A poll, read-only: its options, and their results when `pollResults` has them. */
export const PollNode: C = ({ node, data, context, domId }) => {
  const poll = obj(data.poll);
  const results = context.pollResults?.[nodeIdOf(poll) ?? ''];
  const showVotes = obj(poll.settings).showVotesCount !== false;
  const options = arr(poll.options).map(obj);
  const total = options.reduce((sum, option) => sum + (num(results?.[nodeIdOf(option) ?? '']) ?? 0), 0);
  const layout = obj(obj(data.layout).poll);
  const background = obj(obj(obj(data.design).poll).background);
  return (
    <figure
      id={domId}
      className="atrium-rc-poll"
      data-layout={oneOf(layout.type, ['LIST', 'GRID'] as const) ?? 'LIST'}
      dir={layout.direction === 'RTL' ? 'rtl' : undefined}
      style={css({
        ...nodeStyle(node),
        backgroundColor: background.type === 'COLOR' ? safeColor(background.color) : undefined,
      })}
    >
      <figcaption className="atrium-rc-poll-title">{str(poll.title) ?? context.labels.poll}</figcaption>
      <MediaImage media={poll.image} context={context} alt="" displayWidth={740} />
      <ul className="atrium-rc-poll-options">
        {options.map((option, i) => {
          const votes = results ? (num(results[nodeIdOf(option) ?? '']) ?? 0) : undefined;
          const share = votes !== undefined && total > 0 ? Math.round((votes / total) * 100) : 0;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: option ids may be missing
            <li key={i} className="atrium-rc-poll-option" style={css({ '--atrium-rc-share': `${share}%` })}>
              <MediaImage media={option.image} context={context} alt="" displayWidth={240} />
              <span className="atrium-rc-poll-option-title">{str(option.title)}</span>
              {votes !== undefined && showVotes && (
                <span className="atrium-rc-poll-votes">
                  {votes} {context.labels.votes} ({share}%)
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </figure>
  );
};

/** App embeds (products, events, bookings) as cards linking to the item. */
export const AppEmbedNode: C = ({ node, data, context, domId }) => {
  const href = safeUrl(data.url);
  const name = str(data.name);
  const pricing = obj(data.pricingData);
  const event = obj(data.eventData);
  const price = str(pricing.discountedValue) ?? str(pricing.valueFrom);
  const button = str(obj(data.buttonStyles).buttonText) ?? context.labels.view;
  const details = [
    data.hidePrice !== true &&
      price &&
      `${price}${str(pricing.valueTo) ? ` – ${pricing.valueTo}` : ''} ${str(pricing.currency) ?? ''}`.trim(),
    data.hideDateTime !== true && str(event.scheduling),
    data.hideLocation !== true && str(event.location),
    data.hideDuration !== true && str(obj(data.bookingData).durations),
  ].filter((detail): detail is string => Boolean(detail));
  return (
    <article id={domId} className="atrium-rc-app" data-type={str(data.type)} style={css(nodeStyle(node))}>
      {data.hideImage !== true && (
        <MediaImage
          media={data.image ?? { src: { url: data.imageSrc } }}
          context={context}
          alt=""
          displayWidth={360}
        />
      )}
      <div className="atrium-rc-app-body">
        {data.hideTitle !== true && name && <strong className="atrium-rc-app-title">{name}</strong>}
        {details.map((detail, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed order
          <span key={i} className="atrium-rc-app-detail">
            {detail}
          </span>
        ))}
        {data.hideButton !== true && href && (
          <a className="atrium-rc-button" href={href} aria-label={name && `${button}: ${name}`}>
            {button}
          </a>
        )}
      </div>
    </article>
  );
};

/** LINK buttons are links (`target`, `rel` honoured); ACTION buttons are `<button>`s for the app to wire. */
export const ButtonNode: C = ({ node, data, context, domId }) => {
  const styles = obj(data.styles);
  const colors = obj(styles.colors);
  const border = obj(styles.border);
  const link = data.type === 'ACTION' ? {} : linkProps(data.link, context);
  const style = css({
    color: safeColor(colors.text ?? styles.textColor),
    backgroundColor: safeColor(colors.background ?? styles.backgroundColor ?? obj(styles.background).color),
    borderColor: safeColor(colors.border ?? styles.borderColor),
    borderWidth: safeLength(border.width ?? styles.borderWidth),
    borderRadius: safeLength(border.radius ?? styles.borderRadius),
    '--atrium-rc-button-hover-color': safeColor(styles.textColorHover),
    '--atrium-rc-button-hover-background': safeColor(
      styles.backgroundColorHover ?? obj(styles.backgroundHover).color,
    ),
    '--atrium-rc-button-hover-border': safeColor(styles.borderColorHover),
  });
  const text = str(data.text) ?? '';
  return (
    <div
      id={domId}
      className="atrium-rc-button-wrap"
      data-align={oneOf(obj(data.containerData).alignment, ['CENTER', 'LEFT', 'RIGHT'] as const)}
      style={css(nodeStyle(node))}
    >
      {link.href ? (
        <a className="atrium-rc-button" {...link} style={style}>
          {text}
        </a>
      ) : (
        <button type="button" className="atrium-rc-button" style={style}>
          {text}
        </button>
      )}
    </div>
  );
};

export const EMBED_NODES = {
  HTML: HtmlNode,
  EMBED: EmbedNode,
  LINK_PREVIEW: LinkPreviewNode,
  MAP: MapNode,
  POLL: PollNode,
  APP_EMBED: AppEmbedNode,
  BUTTON: ButtonNode,
} satisfies Record<string, C>;
