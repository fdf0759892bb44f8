import { AuthError } from './error-codes.js';
import { OAUTH_TIMED_OUT, OAUTH_TIMEOUT_MS } from './oauth-data.js';

/**
 * Hidden frames and web messages, for direct login (docs/wire.md §4.4) and session pre-warm (§4.6).
 * Everything is looked up on `globalThis` when called, never at import, so the SDK loads where
 * there is no DOM; `browser()` says whether there is one.
 */

interface MessageTarget {
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

interface Browser {
  window: MessageTarget;
  document: Document;
}

/** The window and document, when there is a DOM to put a frame in. */
export function browser(): Browser | undefined {
  const scope = globalThis as { window?: MessageTarget; document?: Document };
  const { window, document } = scope;
  if (typeof document?.createElement !== 'function') return undefined;
  if (typeof window?.addEventListener !== 'function') return undefined;
  return { window, document };
}

/** Where frames go: the body, or the root element while the body is not parsed yet. */
const frameParent = (document: Document): Node => document.body ?? document.documentElement;

/** An invisible frame on `src`, out of the tab order and the accessibility tree; not yet attached. */
function hiddenFrame(document: Document, src: string): HTMLIFrameElement {
  const frame = document.createElement('iframe');
  frame.style.display = 'none';
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  frame.src = src;
  return frame;
}

interface AuthorizationMessage {
  code: string;
  state: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** The readable reason of an error answer: `{ error, errorDescription | error_description }` or `{ message }`. */
export function describeAuthorizationError(data: Record<string, unknown>): string {
  const parts = [data.error, data.errorDescription ?? data.error_description ?? data.message].filter(
    (part): part is string => typeof part === 'string' && part !== '',
  );
  return parts.length > 0 ? parts.join(': ') : 'the platform answered without a code';
}

interface FrameMessageOptions {
  url: string;
  /** Only messages from this exact origin are read; the reference reads messages from any origin. */
  origin: string;
  /** Only messages carrying this state are read: several flows may run at once. */
  state: string;
  timeoutMs?: number;
}

/**
 * Loads `url` in a hidden frame and waits for the web message that carries the authorization code.
 * Messages from another origin or with another state are ignored. The listener and the frame are
 * removed however it ends: code, error answer, timeout or failure to create the frame.
 */
export function receiveCodeInHiddenFrame(
  { window, document }: Browser,
  { url, origin, state, timeoutMs = OAUTH_TIMEOUT_MS }: FrameMessageOptions,
): Promise<AuthorizationMessage> {
  return new Promise((resolve, reject) => {
    let frame: HTMLIFrameElement | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finish = (outcome: () => void) => {
      clearTimeout(timer);
      window.removeEventListener('message', onMessage);
      frame?.remove();
      outcome();
    };
    function onMessage(event: MessageEvent) {
      if (event.origin !== origin) return;
      const data: unknown = event.data;
      if (!isRecord(data) || data.state !== state) return;
      if (typeof data.code === 'string' && data.code !== '') {
        const code = data.code;
        finish(() => resolve({ code, state }));
      } else {
        finish(() =>
          reject(
            new AuthError('direct_login_failed', `Direct login failed: ${describeAuthorizationError(data)}`),
          ),
        );
      }
    }
    window.addEventListener('message', onMessage);
    timer = setTimeout(
      () => finish(() => reject(new AuthError('login_timeout', OAUTH_TIMED_OUT))),
      timeoutMs,
    );
    try {
      frame = frameParent(document).appendChild(hiddenFrame(document, url));
    } catch (error) {
      finish(() => reject(error));
    }
  });
}

/** Loads `url` in a hidden frame, resolves once it has loaded, and removes the frame. */
export function loadHiddenFrame(
  { document }: Browser,
  url: string,
  timeoutMs = OAUTH_TIMEOUT_MS,
): Promise<void> {
  return new Promise((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = hiddenFrame(document, url);
    const finish = (outcome: () => void) => {
      clearTimeout(timer);
      frame.remove();
      outcome();
    };
    frame.addEventListener('load', () => finish(resolve));
    frame.addEventListener('error', () =>
      finish(() => reject(new AuthError('frame_load_failed', `Could not load ${url}`))),
    );
    timer = setTimeout(
      () => finish(() => reject(new AuthError('frame_load_timeout', `Timed out loading ${url}`))),
      timeoutMs,
    );
    frameParent(document).appendChild(frame);
  });
}
