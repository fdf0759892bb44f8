import { vi } from 'vitest';

/**
 * A minimal window and document for the frame-based flows (direct login, pre-warm) in Node: frames
 * are recorded instead of loaded, and the test posts the messages a frame would post.
 */
class FakeFrame {
  readonly style: Record<string, string> = {};
  readonly attributes = new Map<string, string>();
  src = '';
  tabIndex = 0;
  attached = false;
  readonly #listeners = new Map<string, Set<() => void>>();

  constructor(private readonly body: FakeBody) {}

  setAttribute(name: string, value: string) {
    this.attributes.set(name, value);
  }
  addEventListener(type: string, listener: () => void) {
    const set = this.#listeners.get(type) ?? new Set();
    set.add(listener);
    this.#listeners.set(type, set);
  }
  remove() {
    this.attached = false;
    this.body.children.delete(this);
  }
  /** What the browser does when the frame's page has loaded. */
  fire(type: 'load' | 'error') {
    for (const listener of this.#listeners.get(type) ?? []) listener();
  }
}

class FakeBody {
  readonly children = new Set<FakeFrame>();
  appendChild(frame: FakeFrame) {
    frame.attached = true;
    this.children.add(frame);
    return frame;
  }
}

type MessageListener = (event: MessageEvent) => void;

export interface FakeBrowser {
  /** Every frame ever created, in order. */
  frames: FakeFrame[];
  /** Frames still in the document. */
  attachedFrames(): FakeFrame[];
  listenerCount(): number;
  /** Delivers a web message as if posted by a page of `origin`. */
  post(data: unknown, origin: string): void;
  /** Resolves once a frame has been attached (the flow creates it after its first request). */
  nextFrame(): Promise<FakeFrame>;
}

/** Installs the fake as `window` and `document`; `vi.unstubAllGlobals()` removes it. */
export function installFakeBrowser(): FakeBrowser {
  const listeners = new Set<MessageListener>();
  const body = new FakeBody();
  const frames: FakeFrame[] = [];
  const waiting: ((frame: FakeFrame) => void)[] = [];
  const originalAppend = body.appendChild.bind(body);
  body.appendChild = (frame: FakeFrame) => {
    const attached = originalAppend(frame);
    for (const resolve of waiting.splice(0)) resolve(frame);
    return attached;
  };
  const document = {
    body,
    createElement(tag: string) {
      if (tag !== 'iframe') throw new Error(`unexpected element ${tag}`);
      const frame = new FakeFrame(body);
      frames.push(frame);
      return frame;
    },
  };
  const window = {
    addEventListener: (type: string, listener: MessageListener) =>
      type === 'message' && listeners.add(listener),
    removeEventListener: (type: string, listener: MessageListener) =>
      type === 'message' && listeners.delete(listener),
  };
  vi.stubGlobal('document', document);
  vi.stubGlobal('window', window);
  return {
    frames,
    attachedFrames: () => [...body.children],
    listenerCount: () => listeners.size,
    post(data, origin) {
      for (const listener of [...listeners]) listener({ data, origin } as MessageEvent);
    },
    nextFrame: () => {
      const attached = [...body.children].at(-1);
      return attached ? Promise.resolve(attached) : new Promise((resolve) => waiting.push(resolve));
    },
  };
}
