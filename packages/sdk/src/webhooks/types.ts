/**
 * Types of webhooks and service plugins (docs/blog-wire.md §C): what an event definition and a service
 * plugin definition look like (the shape the reference's modules export, so that both clients
 * accept the same definitions), what `client.webhooks` and `client.servicePlugins` offer, and what
 * their handlers receive. Types only: nothing here reaches a bundle.
 */

/** Who caused an event: the envelope's `identity`, parsed. */
export interface WebhookIdentity {
  identityType: 'UNKNOWN' | 'ANONYMOUS_VISITOR' | 'MEMBER' | 'WIX_USER' | 'APP';
  anonymousVisitorId?: string;
  memberId?: string;
  wixUserId?: string;
  appId?: string;
}

export interface WebhookAccountInfo {
  accountId?: string;
  siteId?: string;
}

/**
 * A verified delivery (`parseJWT`, `process`): the envelope with `identity` and the inner `data`
 * parsed. `payload` is the domain event as sent (wire names, dates as strings): handlers get their
 * own transformed copy and never change it.
 */
export interface WebhookEvent<Payload = unknown> {
  instanceId: string;
  eventType: string;
  payload: Payload;
  identity?: WebhookIdentity;
  accountInfo?: WebhookAccountInfo;
}

/** What an event handler gets in `metadata`, after its definition's transformations. */
export interface EventMetadata {
  instanceId: string;
  identity?: WebhookIdentity;
  accountInfo?: WebhookAccountInfo;
  /** The event's id. */
  _id?: string;
  entityFqdn?: string;
  slug?: string;
  entityId?: string;
  eventTime?: Date;
  triggeredByAnonymizeRequest?: boolean;
  originatedFrom?: string;
  entityEventSequence?: string;
}

/** The handler's argument for a domain event whose body is an entity (created, updated, deleted). */
export interface EntityEvent<Entity> {
  entity: Entity;
  metadata: EventMetadata;
  /** Updated events: dotted paths to their previous values. */
  modifiedFields?: Record<string, unknown>;
}

/** The handler's argument for an action event (e.g. a post liked) or a non-domain event. */
export interface ActionEvent<Data> {
  data: Data;
  metadata: EventMetadata;
}

/** What `AppInstalled` and `AppRemoved` handlers get: the inner data untouched. */
export interface AppEvent {
  data: Record<string, unknown>;
  metadata: Pick<EventMetadata, 'instanceId' | 'identity' | 'accountInfo'>;
}

/**
 * An event definition, as a service module exports it (e.g. `posts.onPostCreated`). Bound to a
 * client (`createClient({ modules })`, `client.use`) it becomes a function that registers a
 * handler. The definition may itself be a function (the reference's are) or a plain object.
 *
 * `transformations` turns the handler's argument from wire form (`{ entity | data, metadata,
 * modifiedFields? }`, the metadata holding the envelope's `instanceId`, `identity`, `accountInfo`
 * and the domain event's top-level fields) into SDK form (`_id`, `Date`s, …); without it the
 * handler gets the wire form.
 */
export interface EventDefinition<Event = unknown, Type extends string = string> {
  readonly __type: 'event-definition';
  readonly type: Type;
  /** Domain events carry an entity or action body; other events hand over their data untouched. */
  readonly isDomainEvent?: boolean;
  readonly transformations?: (event: never) => Event | Promise<Event>;
}

export type EventHandler<Event> = (event: Event) => void | Promise<void>;

/** A bound event definition: registers a handler on the client. */
export type EventRegistrar<Event> = (handler: EventHandler<Event>) => void;

export interface RegisteredEvent {
  eventDefinition: EventDefinition;
  handler: EventHandler<never>;
}

export interface ProcessOptions {
  /** Event types accepted besides those with a registered handler. */
  expectedEvents?: readonly { type: string }[];
}

export interface Webhooks {
  /** Verifies the JWT, runs the handlers registered for its event type and returns the event. */
  process(jwt: string, options?: ProcessOptions): Promise<WebhookEvent>;
  /** `process` with the request's body as the JWT. */
  processRequest(request: Request, options?: ProcessOptions): Promise<WebhookEvent>;
  /** Verifies and parses the JWT without running handlers or checking the event type. */
  parseJWT(jwt: string): Promise<WebhookEvent>;
  parseRequest(request: Request): Promise<WebhookEvent>;
  /** Runs the handlers of an already parsed event (its `accountInfo` is not passed on, as in the reference). */
  executeHandlers(event: WebhookEvent, options?: ProcessOptions): Promise<void>;
  /** Event type → its registrations, in registration order. */
  getRegisteredEvents(): ReadonlyMap<string, readonly RegisteredEvent[]>;
  /** Calls `listener` with the definition of each later registration. */
  on(event: 'registered', listener: (definition: EventDefinition) => void): void;
  /** The app lifecycle events: `client.use(client.webhooks.apps.AppInstalled)(handler)`. */
  readonly apps: {
    readonly AppInstalled: EventDefinition<AppEvent, 'AppInstalled'>;
    readonly AppRemoved: EventDefinition<AppEvent, 'AppRemoved'>;
  };
}

/** One method of a service plugin: its name in the implementation and the path it answers. */
export interface ServicePluginMethod {
  name: string;
  primaryHttpMappingPath: string;
  transformations?: {
    /** The request (`{ request, metadata }`) from wire form to SDK form. */
    fromREST?: (payload: never) => unknown;
    /** The implementation's result from SDK form to wire form. */
    toREST?: (result: never) => unknown;
  };
}

// biome-ignore lint/suspicious/noExplicitAny: implementations take and return whatever their methods declare
export type ServicePluginImplementation = Record<string, (payload: any) => unknown>;

/** A service plugin definition, e.g. `externalDatabase.provideHandlers`; bound, it registers an implementation. */
export interface ServicePluginDefinition<Implementation = ServicePluginImplementation> {
  readonly __type: 'service-plugin-definition';
  readonly componentType: string;
  readonly methods: readonly ServicePluginMethod[];
  /** Type only: the implementation's shape. */
  readonly __implementation?: Implementation;
}

export interface RegisteredServicePlugin {
  servicePluginDefinition: ServicePluginDefinition;
  implementation: ServicePluginImplementation;
}

/** What a service plugin call carries once verified: the request and its metadata. */
/** What a client's registry (./registry.ts) hands the code loaded on demand (./process.ts). @internal */
export interface HookState {
  auth: () => unknown;
  events: Map<string, RegisteredEvent[]>;
  plugins: Map<string, RegisteredServicePlugin[]>;
}

export interface ServicePluginRequest {
  request?: unknown;
  metadata: { appExtensionType: string; [key: string]: unknown };
  [key: string]: unknown;
}

export interface ServicePlugins {
  /** Verifies the JWT `body` and runs the implementation method whose path `url` ends with. */
  process(request: { url: string; body: string }): Promise<unknown>;
  /** `process` for a `Request`; answers 200 JSON, or an SPI error's HTTP code with `{ applicationError }`. */
  processRequest(request: Request): Promise<Response>;
  parseJWT(jwt: string): Promise<ServicePluginRequest>;
  parseRequest(request: Request): Promise<ServicePluginRequest>;
  executeHandler(servicePluginRequest: ServicePluginRequest, url: string): Promise<unknown>;
  /** Component type (lower case) → its registrations. */
  getRegisteredServicePlugins(): ReadonlyMap<string, readonly RegisteredServicePlugin[]>;
  on(event: 'registered', listener: (definition: ServicePluginDefinition) => void): void;
}

/** What a strategy offers to verify webhooks and service plugin calls (`AppStrategy`). */
export interface JwtDecoder {
  decodeJWT(
    token: string,
    verifyCallerClaims?: boolean,
  ): Promise<{ decoded: { data?: unknown; [claim: string]: unknown }; valid: boolean }>;
}
