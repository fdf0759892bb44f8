import type { CSSProperties } from 'react';

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
