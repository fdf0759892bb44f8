import { DOMAIN_EVENT_BODIES } from '@atrium/contract/routes/webhooks';
import type { Json } from '@atrium/contract/types';
import { invalidJwt, WebhookError } from './errors.js';
import type {
  EventDefinition,
  HookState,
  JwtDecoder,
  ProcessOptions,
  ServicePluginRequest,
  WebhookEvent,
} from './types.js';

/**
 * What `client.webhooks` and `client.servicePlugins` do (docs/blog-wire.md §C.2–C.7), loaded on their
 * first call (../../BUNDLE.md §1): verify through the client's strategy, unwrap the delivery's three
 * layers, check the event type, run the handlers; for service plugins, pick the implementation and
 * method and answer with its result or its SPI error.
 */

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A copy of JSON-like data, so that each handler's transformations work on their own objects. */
function copy<T>(value: T): T {
  if (Array.isArray(value)) return value.map(copy) as T;
  if (!isObject(value) || Object.getPrototypeOf(value) !== Object.prototype) return value;
  const result: Json = {};
  for (const [key, item] of Object.entries(value)) result[key] = copy(item);
  return result as T;
}

/** The strategy's verified claims; any failure of verification is `JWT is not valid`. */
async function decode(state: HookState, jwt: string, verifyCallerClaims: boolean) {
  const strategy = state.auth() as Partial<JwtDecoder> | undefined;
  if (typeof strategy?.decodeJWT !== 'function') {
    throw new WebhookError(
      'decode_jwt_unsupported',
      'decodeJWT is not supported by the authentication strategy',
    );
  }
  let result: Awaited<ReturnType<JwtDecoder['decodeJWT']>>;
  try {
    result = await strategy.decodeJWT(String(jwt).trim(), verifyCallerClaims);
  } catch (error) {
    // Set-up errors (no key, an unreadable key, …) as they are; a failed verification is "not valid".
    if (error instanceof WebhookError) throw error;
    throw invalidJwt(error);
  }
  if (!result?.valid) throw invalidJwt();
  return result.decoded?.data;
}

/** JSON text that must hold a value (an object unless `anyValue`), or a verification failure. */
function parseText(text: unknown, what: string, anyValue = false): unknown {
  if (typeof text !== 'string')
    throw invalidJwt(new TypeError(`${what} is not JSON text (got ${typeof text})`));
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (cause) {
    throw invalidJwt(new SyntaxError(`${what} is not valid JSON`, { cause }));
  }
  if (!anyValue && !isObject(value)) throw invalidJwt(new TypeError(`${what} is not a JSON object`));
  return value;
}

async function parseJWT(state: HookState, jwt: string): Promise<WebhookEvent> {
  const envelope = parseText(await decode(state, jwt, false), 'the "data" claim') as Json;
  if (typeof envelope.eventType !== 'string') {
    throw invalidJwt(new TypeError('the envelope has no "eventType" string'));
  }
  return {
    instanceId: envelope.instanceId as string,
    eventType: envelope.eventType,
    payload: parseText(envelope.data, "the envelope's data", true),
    identity:
      envelope.identity === undefined
        ? undefined
        : (parseText(envelope.identity, "the envelope's identity") as WebhookEvent['identity']),
    accountInfo: envelope.accountInfo as WebhookEvent['accountInfo'],
  };
}

/** The argument a handler of `definition` gets, before the definition's transformations. */
function handlerArgument(definition: EventDefinition, event: WebhookEvent) {
  const { instanceId, identity, accountInfo } = event;
  const payload = copy(event.payload);
  if (!definition.isDomainEvent || !isObject(payload)) {
    return { data: payload, metadata: { instanceId, identity, accountInfo } };
  }
  const fields: Json = { ...payload };
  for (const body of DOMAIN_EVENT_BODIES) delete fields[body];
  const metadata = { instanceId, identity, accountInfo, ...fields };
  // The first body present wins, in the contract's order (docs/blog-wire.md §C.1).
  const body = DOMAIN_EVENT_BODIES.find((name) => payload[name]);
  const content = (body ? payload[body] : undefined) as Json | undefined;
  switch (body) {
    case 'deletedEvent':
      return { entity: content?.deletedEntity, metadata };
    case 'actionEvent':
      return { data: content?.body, metadata };
    case 'updatedEvent':
      return { entity: content?.currentEntity, metadata, modifiedFields: content?.modifiedFields };
    default:
      return { entity: content?.entity, metadata };
  }
}

async function executeHandlers(
  state: HookState,
  event: WebhookEvent,
  { expectedEvents = [] }: ProcessOptions = {},
): Promise<void> {
  const allowed = [...expectedEvents.map(({ type }) => type), ...state.events.keys()];
  if (allowed.length > 0 && !allowed.includes(event.eventType)) {
    throw new WebhookError(
      'unexpected_event_type',
      `Unexpected event type: ${event.eventType}. Expected one of: ${allowed.join(', ')}`,
    );
  }
  // Every handler starts, each with its own copy of the event; the first failure rejects.
  await Promise.all(
    (state.events.get(event.eventType) ?? []).map(async ({ eventDefinition, handler }) => {
      const argument = handlerArgument(eventDefinition, event);
      // A definition may convert asynchronously (Atrium's blog definitions load their conversions
      // on first use, BUNDLE.md §1); the reference's convert synchronously, and both are awaited.
      const transform = eventDefinition.transformations as ((event: unknown) => unknown) | undefined;
      await handler((await (transform ? transform(argument) : argument)) as never);
    }),
  );
}

async function process(state: HookState, jwt: string, options?: ProcessOptions) {
  const event = await parseJWT(state, jwt);
  await executeHandlers(state, event, options);
  return event;
}

export const webhooks = {
  parseJWT,
  parseRequest: async (state: HookState, request: Request) => parseJWT(state, await request.text()),
  process,
  processRequest: async (state: HookState, request: Request, options?: ProcessOptions) =>
    process(state, await request.text(), options),
  // As the reference does, an `accountInfo` given here is not passed to the handlers.
  executeHandlers: (state: HookState, { accountInfo: _, ...event }: WebhookEvent, options?: ProcessOptions) =>
    executeHandlers(state, event, options),
};

async function parseServicePluginJWT(state: HookState, jwt: string): Promise<ServicePluginRequest> {
  const data = await decode(state, jwt, true);
  if (!isObject(data) || !isObject(data.metadata) || typeof data.metadata.appExtensionType !== 'string') {
    throw invalidJwt(
      new TypeError('Unexpected JWT data: expected object with metadata.appExtensionType string'),
    );
  }
  return data as ServicePluginRequest;
}

async function executeHandler(state: HookState, request: ServicePluginRequest, url: string) {
  const componentType = request.metadata.appExtensionType;
  const [registered] = state.plugins.get(componentType.toLowerCase()) ?? [];
  if (!registered) {
    throw new WebhookError(
      'service_plugin_not_found',
      `No service plugin implementations found for component type ${componentType}`,
    );
  }
  const { servicePluginDefinition, implementation } = registered;
  // The URL's path decides, whatever its query string.
  const path = String(url).split(/[?#]/)[0] ?? '';
  const method = servicePluginDefinition.methods.find((m) => path.endsWith(m.primaryHttpMappingPath));
  if (!method) {
    throw new WebhookError(
      'service_plugin_method_not_found',
      // The reference's wording, typo included, so that logs and tests match.
      `Unexpect request: request url did not match any method: ${url}`,
    );
  }
  const run = implementation[method.name];
  if (typeof run !== 'function') {
    throw new WebhookError(
      'service_plugin_method_not_implemented',
      `Got request for service plugin method ${method.name} but no implementation was provided. Available methods: ${Object.keys(implementation).join(', ')}`,
    );
  }
  const { fromREST, toREST } = (method.transformations ?? {}) as {
    fromREST?: (payload: unknown) => unknown;
    toREST?: (result: unknown) => unknown;
  };
  const result = await run(fromREST ? fromREST(copy(request)) : copy(request));
  return toREST ? toREST(result) : result;
}

/** An error a service plugin implementation throws to answer with an application error (`ServicePluginError`). */
const isSpiError = (
  error: unknown,
): error is { httpCode: number; applicationCode?: string; data?: unknown } =>
  isObject(error) && error.errorType === 'SPI' && Number.isInteger(error.httpCode);

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

async function processServicePlugin(state: HookState, { url, body }: { url: string; body: string }) {
  return executeHandler(state, await parseServicePluginJWT(state, body), url);
}

export const servicePlugins = {
  parseJWT: parseServicePluginJWT,
  parseRequest: async (state: HookState, request: Request) =>
    parseServicePluginJWT(state, await request.text()),
  executeHandler,
  process: processServicePlugin,
  async processRequest(state: HookState, request: Request): Promise<Response> {
    const body = await request.text();
    try {
      return json(await processServicePlugin(state, { url: request.url, body }));
    } catch (error) {
      if (!isSpiError(error)) throw error;
      return json({ applicationError: { code: error.applicationCode, data: error.data } }, error.httpCode);
    }
  },
};
