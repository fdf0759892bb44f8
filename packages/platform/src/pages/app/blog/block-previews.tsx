import { MEDIA_ROUTES } from '@atrium/contract/routes';
import type { Json } from '@atrium/contract/types';
import type { ReactNode } from 'react';

/**
 * What the editor shows of the blocks it keeps but does not edit (audio, file, HTML, embed, map,
 * poll, button): a preview of each, made of the block's data as text, never as HTML, and nothing
 * loaded from another host (the console's CSP allows only its own images: a poster or cover shows
 * when it is in the media store). The block itself is saved exactly as it was loaded.
 */

const obj = (value: unknown): Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** A media store file's URL (`{ id }`, or a same-origin path): what the console may load. */
function storeUrl(source: unknown): string | undefined {
  const src = obj(obj(source).src ?? source);
  if (str(src.id)) return MEDIA_ROUTES.base + encodeURIComponent(str(src.id));
  const url = str(src.url);
  return url.startsWith('/') && !url.startsWith('//') ? url : undefined;
}

/** `1:05`, `1:02:03`. */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const [h, m, s] = [Math.floor(whole / 3600), Math.floor((whole % 3600) / 60), whole % 60];
  const pad = (value: number) => String(value).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/** `900 B`, `12 KB`, `1.5 MB`. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : Math.round(value * 10) / 10} ${units[unit]}`;
}

/** A CSS color the document names (#rgb, #rrggbb, rgb()/rgba()), or nothing. */
function safeColor(value: unknown): string | undefined {
  const color = str(value).trim();
  return /^#[0-9a-f]{3,8}$/i.test(color) || /^rgba?\([\d\s.,%]+\)$/i.test(color) ? color : undefined;
}

/** An http(s) or relative address as text (it is shown, never opened from the editor). */
function address(value: unknown): string {
  const url = str(value).trim();
  return /^(https?:\/\/|\/)/i.test(url) ? url : '';
}

function AudioPreview({ data }: { data: Json }) {
  const audio = obj(data.audio);
  const name = str(data.name) || str(obj(audio.src).url).split('/').pop() || 'Audio';
  const duration = num(audio.duration);
  const cover = storeUrl(data.coverImage);
  return (
    <span className="rc-preview-row">
      {cover ? <img className="rc-preview-cover" src={cover} alt="" /> : <Icon>♪</Icon>}
      <span className="rc-preview-text">
        <strong className="rc-preview-title">{name}</strong>
        <span className="rc-preview-meta">
          {[str(data.authorName), duration === undefined ? '' : formatDuration(duration)]
            .filter(Boolean)
            .join(' · ') || (str(data.html) ? 'An audio player from HTML' : 'Audio')}
        </span>
      </span>
    </span>
  );
}

function FilePreview({ data }: { data: Json }) {
  const src = obj(data.src);
  const name = str(data.name) || str(src.url).split('/').pop() || str(src.id) || 'File';
  const bytes = num(data.size) ?? (num(data.sizeInKb) === undefined ? undefined : num(data.sizeInKb)! * 1024);
  const meta = [str(data.type).toUpperCase(), bytes === undefined ? '' : formatBytes(bytes)].filter(Boolean);
  return (
    <span className="rc-preview-row">
      <Icon>{str(data.type).toUpperCase().slice(0, 4) || 'FILE'}</Icon>
      <span className="rc-preview-text">
        <strong className="rc-preview-title">{name}</strong>
        {meta.length > 0 && <span className="rc-preview-meta">{meta.join(' · ')}</span>}
      </span>
    </span>
  );
}

/** The code as text in a <pre>: it is never rendered, here or as the editor's HTML. */
function HtmlPreview({ data }: { data: Json }) {
  const html = str(data.html);
  const url = address(data.url);
  return html ? (
    <pre className="rc-preview-code">
      <code>{html.length > 2000 ? `${html.slice(0, 2000)}…` : html}</code>
    </pre>
  ) : (
    <span className="rc-preview-meta">{url ? `A page framed from ${url}` : 'No code yet'}</span>
  );
}

function EmbedPreview({ data }: { data: Json }) {
  const oembed = obj(data.oembed);
  const url = address(oembed.videoUrl) || address(oembed.url) || address(data.src);
  const provider = str(oembed.providerName) || hostOf(url) || 'Embed';
  const poster = storeUrl({ src: { url: str(oembed.thumbnailUrl) } });
  return (
    <span className="rc-preview-row">
      {poster ? <img className="rc-preview-cover" src={poster} alt="" /> : <Icon>▶</Icon>}
      <span className="rc-preview-text">
        <strong className="rc-preview-title">
          {provider}
          {str(oembed.title) ? `: ${str(oembed.title)}` : ''}
        </strong>
        {url && <span className="rc-preview-meta rc-preview-url">{url}</span>}
      </span>
    </span>
  );
}

const hostOf = (url: string): string => {
  try {
    return url.startsWith('/') ? '' : new URL(url).host;
  } catch {
    return '';
  }
};

/** The place as text: no map tiles (they would come from another host). */
function MapPreview({ data }: { data: Json }) {
  const settings = obj(data.mapSettings);
  const [lat, lng] = [num(settings.lat), num(settings.lng)];
  const coordinates = lat !== undefined && lng !== undefined ? `${lat}, ${lng}` : '';
  return (
    <span className="rc-preview-row">
      <Icon>⌖</Icon>
      <span className="rc-preview-text">
        <strong className="rc-preview-title">
          {str(settings.locationName) || str(settings.address) || coordinates || 'No place yet'}
        </strong>
        {str(settings.locationName) && str(settings.address) && (
          <span className="rc-preview-meta">{str(settings.address)}</span>
        )}
        {coordinates && <span className="rc-preview-meta">{coordinates}</span>}
      </span>
    </span>
  );
}

function PollPreview({ data }: { data: Json }) {
  const poll = obj(data.poll);
  const options = list(poll.options).map((option) => str(obj(option).title));
  return (
    <span className="rc-preview-poll-body">
      <strong className="rc-preview-title">{str(poll.title) || 'A poll without a question'}</strong>
      <ul className="rc-preview-options">
        {options.map((title, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: options may have no ids
          <li key={index}>{title || `Option ${index + 1}`}</li>
        ))}
      </ul>
    </span>
  );
}

function ButtonPreview({ data }: { data: Json }) {
  const styles = obj(data.styles);
  const colors = obj(styles.colors);
  const border = obj(styles.border);
  const link = data.type === 'ACTION' ? '' : address(obj(data.link).url);
  const radius = num(border.radius ?? styles.borderRadius);
  const width = num(border.width ?? styles.borderWidth);
  return (
    <span className="rc-preview-row">
      <span
        className="rc-preview-btn"
        style={{
          color: safeColor(colors.text ?? styles.textColor),
          backgroundColor: safeColor(colors.background ?? styles.backgroundColor),
          borderColor: safeColor(colors.border ?? styles.borderColor),
          borderRadius: radius === undefined ? undefined : `${Math.min(radius, 100)}px`,
          borderWidth: width === undefined ? undefined : `${Math.min(width, 20)}px`,
        }}
      >
        {str(data.text) || 'Button'}
      </span>
      <span className="rc-preview-meta rc-preview-url">{link ? `→ ${link}` : 'An action, no link'}</span>
    </span>
  );
}

function Icon({ children }: { children: ReactNode }) {
  return (
    <span className="rc-preview-icon" aria-hidden="true">
      {children}
    </span>
  );
}

/** The previews by node type, each fed the node's `<type>Data`. */
export const BLOCK_PREVIEWS: Readonly<
  Record<string, { data: string; view: (props: { data: Json }) => ReactNode }>
> = {
  AUDIO: { data: 'audioData', view: AudioPreview },
  FILE: { data: 'fileData', view: FilePreview },
  HTML: { data: 'htmlData', view: HtmlPreview },
  EMBED: { data: 'embedData', view: EmbedPreview },
  MAP: { data: 'mapData', view: MapPreview },
  POLL: { data: 'pollData', view: PollPreview },
  BUTTON: { data: 'buttonData', view: ButtonPreview },
};

/** The preview of a rich content node, when the editor has one for its type. */
export function BlockPreview({ rc }: { rc: Json }): ReactNode {
  const preview = BLOCK_PREVIEWS[str(rc.type)];
  if (!preview) return null;
  const View = preview.view;
  return <View data={obj(rc[preview.data])} />;
}
