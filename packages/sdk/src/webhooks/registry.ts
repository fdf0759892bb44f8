import { lazyLoad } from '../client/lazy.js';
import type { RegisteredEvent, RegisteredServicePlugin, ServicePlugins, Webhooks } from './types.js';

/**
 * A client's `webhooks` and `servicePlugins`. What a page carries up front is only the
 * registrations (the handlers and implementations that bound definitions add) and the members'
 * names; verifying, parsing and dispatching (./process.ts, ./jwt.ts) load on the first call
 * (../../BUNDLE.md §1, §4), one load for every client. Written small: every page that creates a
 * client carries this file.
 */

/** What the code loaded on demand works on. @internal */
export interface HookState {
  auth: () => unknown;
  events: Map<string, RegisteredEvent[]>;
  plugins: Map<string, RegisteredServicePlugin[]>;
}

/** An object so that tests can count and fail the loads. @internal */
export const webhooksLoader = { load: () => import('./process.js') };
const load = /* @__PURE__ */ lazyLoad(() => webhooksLoader.load());

const appEvent = (type: string) => ({ __type: 'event-definition', type, isDomainEvent: false });

interface Definition {
  __type?: unknown;
  type: string;
  componentType: string;
}

/** A client's hooks; `register(value)` is the registrar a bound definition becomes, if it is one. */
export function createHooks(auth: () => unknown) {
  const state: HookState = { auth, events: new Map(), plugins: new Map() };
  const listeners: ((definition: never) => void)[][] = [[], []];
  const register = (value: unknown) => {
    const definition = value as Definition | null;
    // 0: an event definition (keyed by event type), 1: a service plugin one (by component type).
    const kind = ['event-definition', 'service-plugin-definition'].indexOf(definition?.__type as string);
    if (kind < 0 || !definition) return undefined;
    const [map, key] = kind
      ? [state.plugins as Map<string, unknown[]>, definition.componentType.toLowerCase()]
      : [state.events as Map<string, unknown[]>, definition.type];
    return (handler: never) => {
      map.set(key, [
        ...(map.get(key) ?? []),
        kind
          ? { servicePluginDefinition: definition, implementation: handler }
          : { eventDefinition: definition, handler },
      ]);
      for (const listener of listeners[kind] ?? []) listener(definition as never);
    };
  };
  const hooks = (part: 'webhooks' | 'servicePlugins', names: string, kind: number) => {
    const members: Record<string, unknown> = {
      on: (_event: 'registered', listener: (definition: never) => void) => {
        listeners[kind]?.push(listener);
      },
    };
    for (const name of `process processRequest parseJWT parseRequest ${names}`.split(' ')) {
      members[name] = (...args: unknown[]) =>
        load().then((code) =>
          (code[part] as Record<string, (...a: unknown[]) => unknown>)[name]?.(state, ...args),
        );
    }
    return members;
  };
  const webhooks = {
    ...hooks('webhooks', 'executeHandlers', 0),
    getRegisteredEvents: () => state.events,
    apps: { AppInstalled: appEvent('AppInstalled'), AppRemoved: appEvent('AppRemoved') },
  } as unknown as Webhooks;
  const servicePlugins = {
    ...hooks('servicePlugins', 'executeHandler', 1),
    getRegisteredServicePlugins: () => state.plugins,
  } as unknown as ServicePlugins;
  return { webhooks, servicePlugins, register };
}
