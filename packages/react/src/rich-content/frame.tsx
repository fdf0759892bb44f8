import { type CSSProperties, useState } from 'react';

/**
 * Sandboxed iframes for HTML nodes, embeds and video players. Document HTML only ever goes to
 * `srcdoc` of a frame without `allow-same-origin`: its scripts run in an opaque origin, with no access
 * to the page, its cookies or storage. `player` (YouTube on youtube-nocookie.com, Vimeo with dnt=1,
 * fixed origins chosen by the renderer) keeps the frame's own origin, which those players need.
 */
const SANDBOX = 'allow-scripts allow-popups allow-popups-to-escape-sandbox allow-forms allow-presentation';

export function Frame({
  title,
  src,
  srcDoc,
  player,
  style,
}: {
  title: string;
  src?: string;
  srcDoc?: string;
  player?: boolean;
  style?: CSSProperties;
}) {
  return (
    <iframe
      className="atrium-rc-frame"
      title={title}
      src={srcDoc === undefined ? src : undefined}
      srcDoc={srcDoc}
      sandbox={player && srcDoc === undefined ? `${SANDBOX} allow-same-origin` : SANDBOX}
      allow={player ? 'autoplay; encrypted-media; fullscreen; picture-in-picture' : undefined}
      allowFullScreen={player}
      loading="lazy"
      referrerPolicy={player ? 'strict-origin-when-cross-origin' : 'no-referrer'}
      style={style}
    />
  );
}

/**
 * A third-party player (YouTube, Vimeo) behind a facade: its poster (the platform's own image, when
 * the node has one), its title and a play button, and nothing loaded from the player's host until
 * the button is pressed; then the player, started. Offline, pressing says the player cannot be
 * reached instead of showing the browser's error page in a frame.
 */
export function PlayerFacade({
  title,
  src,
  poster,
  labels,
  style,
}: {
  title: string;
  src: string;
  poster?: string;
  labels: { play: string; unreachable: string };
  style?: CSSProperties;
}) {
  const [state, setState] = useState<'poster' | 'playing' | 'offline'>('poster');
  const url = new URL(src);
  if (state === 'playing') {
    url.searchParams.set('autoplay', '1');
    return <Frame player title={title} src={url.href} style={style} />;
  }
  return (
    <button
      type="button"
      className="atrium-rc-facade"
      style={style}
      aria-label={`${labels.play}: ${title}`}
      onClick={() => setState(globalThis.navigator?.onLine === false ? 'offline' : 'playing')}
    >
      {poster && <img src={poster} alt="" loading="lazy" decoding="async" />}
      <span className="atrium-rc-facade-play" aria-hidden="true" />
      <span className="atrium-rc-facade-title">
        {title}
        <small>{state === 'offline' ? `${url.hostname} ${labels.unreachable}` : url.hostname}</small>
      </span>
    </button>
  );
}
