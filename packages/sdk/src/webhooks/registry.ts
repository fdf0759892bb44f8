import { lazyLoad } from '../client/lazy.js';
import type {
  HookState,
  RegisteredEvent,
  RegisteredServicePlugin,
  ServicePlugins,
  Webhooks,
} from './types.js';

/**
 * A client's `webhooks` and `servicePlugins` on servers (a browser bundle gets ./registry.browser.ts:
 * package.json `imports`, `#hooks`). What a client carries up front is only the registrations (the
 * handlers and implementations that bound definitions add) and the members' names; verifying,
 * parsing and dispatching (./process.ts, ./jwt.ts) load on the first call (../../BUNDLE.md §1),
 * one load for every client.
 */

/** An object so that tests can count and fail the loads. @internal */
export const webhooksLoader = { load: () => import('./process.js') };
const load = /* @__PURE__ */ lazyLoad(() => webhooksLoader.load());

type Listener = (definition: never) => void;
type Definition = { __type?: string; type: string; componentType: string } | null | undefined;

const EVENT = 'event-definition';
const appEvent = (type: string) => ({ __type: EVENT, type, isDomainEvent: false });

/** A client's hooks; `register(value)` is the registrar a bound definition becomes, if it is one. */
export function createHooks(auth: () => unknown) {
  // Index 0: events, keyed by event type; 1: service plugins, keyed by component type in lower case.
  const maps = [new Map(), new Map()] as [
    Map<string, RegisteredEvent[]>,
    Map<string, RegisteredServicePlugin[]>,
  ];
  const listeners: Listener[][] = [[], []];
  const state: HookState = { auth, events: maps[0], plugins: maps[1] };
  const register = (value: unknown) => {
    const definition = value as Definition;
    const kind = [EVENT, 'service-plugin-definition'].indexOf(definition?.__type as string);
    if (kind < 0 || !definition) return undefined;
    const map = maps[kind] as Map<string, unknown[]>;
    const key = kind ? definition.componentType.toLowerCase() : definition.type;
    return (handler: never) => {
      const entry = kind
        ? { servicePluginDefinition: definition, implementation: handler }
        : { eventDefinition: definition, handler };
      map.set(key, [...(map.get(key) ?? []), entry]);
      for (const listener of listeners[kind] as Listener[]) listener(definition as never);
    };
  };
  const hooks = (kind: number, names: string, members: Record<string, unknown>) => {
    members.on = (_event: 'registered', listener: Listener) => void listeners[kind]?.push(listener);
    for (const name of `process processRequest parseJWT parseRequest ${names}`.split(' ')) {
      members[name] = (...args: unknown[]) =>
        load().then((code) =>
          (kind ? code.servicePlugins : code.webhooks)[name as 'process'](state, ...(args as [never])),
        );
    }
    return members;
  };
  return {
    register,
    webhooks: hooks(0, 'executeHandlers', {
      getRegisteredEvents: () => maps[0],
      apps: { AppInstalled: appEvent('AppInstalled'), AppRemoved: appEvent('AppRemoved') },
    }) as unknown as Webhooks,
    servicePlugins: hooks(1, 'executeHandler', {
      getRegisteredServicePlugins: () => maps[1],
    }) as unknown as ServicePlugins,
  };
}
