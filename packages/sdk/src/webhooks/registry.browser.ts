import type { createHooks as createServerHooks } from './registry.js';

/**
 * A client's `webhooks` and `servicePlugins` in a browser bundle: package.json `imports` maps
 * `#hooks` here under the `browser` condition, when no server condition (`node`, `workerd`,
 * `worker`, `edge-light`, `deno`, `bun`) comes first, and to ./registry.ts everywhere else.
 *
 * The platform delivers webhooks and service plugin calls to an app's server, signed for its
 * `AppStrategy`; a page never receives one, and the registry's synchronous members
 * (`getRegisteredEvents`, `on`, `apps`, a bound definition's registrar) cannot wait for code
 * loaded on demand. So a page carries none of it (../../BUNDLE.md §1; it was some 430 bytes gzipped
 * of every visitor page): binding a module that holds definitions still works, and using any of it
 * throws this error, which says where it belongs.
 */
export const WEBHOOKS_IN_BROWSER = 'Webhooks and service plugins run on a server, not in a browser';

const refuse = () => {
  throw new Error(WEBHOOKS_IN_BROWSER);
};

// Every member, whatever its name, refuses ('then' excepted, so that awaiting the object does).
const refusing = new Proxy({}, { get: (_, name) => (name === 'then' ? undefined : refuse) });

export const createHooks: typeof createServerHooks = () => ({
  register: (value) =>
    /-definition$/.test((value as { __type?: string } | null)?.__type as string) ? refuse : undefined,
  webhooks: refusing as never,
  servicePlugins: refusing as never,
});
