import { lazyLoad } from '../../client/lazy.js';
import type { EventKind } from './event-transforms.js';

/** The conversions load with the first delivery (BUNDLE.md §1): a page that reads posts never does. */
const loadTransforms = /* @__PURE__ */ lazyLoad(() => import('./event-transforms.js'));

/**
 * Event registrars (docs/blog-wire.md §C.1): `posts.onPostCreated`, `tags.onTagDeleted`, … Each is an
 * **event definition** that a client's `webhooks` module reads; it sends nothing itself.
 *
 * ## The shape (what `client.webhooks` dispatches on)
 *
 * A registrar is a function carrying four enumerable properties, as the reference's are:
 *
 * ```ts
 * interface EventDefinition<Envelope> {
 *   (handler: (event: Envelope) => void | Promise<void>): void; // see "Binding" below
 *   __type: 'event-definition';
 *   type: string;            // the envelope's `eventType`, e.g. 'wix.blog.v3.post_created'
 *   isDomainEvent: true;     // every blog event is a domain event
 *   transformations(envelope: RawEnvelope): Promise<Envelope>;
 * }
 * ```
 *
 * Dispatching a delivery (the webhooks module's part, as docs/blog-wire.md §C.4–§C.5 record it):
 *
 * 1. Parse the JWT's `data` claim (the message envelope) and its inner `data` (the domain event)
 *    and `identity`; select the registered definitions whose `type` is the envelope's `eventType`.
 * 2. Build the raw envelope from the domain event, selecting the body by presence in this order:
 *    `deletedEvent` → `{ entity: deletedEvent.deletedEntity, metadata }` (or `{ metadata }` without
 *    a `deletedEntity`); `actionEvent` → `{ data: actionEvent.body, metadata }`; `updatedEvent` →
 *    `{ entity: updatedEvent.currentEntity, metadata, modifiedFields? }`; else
 *    `{ entity: createdEvent?.entity, metadata }`. `metadata` is `{ instanceId, identity,
 *    accountInfo }` followed by every other top-level field of the domain event (`id`,
 *    `entityFqdn`, `slug`, `entityId`, `eventTime`, …), in wire form.
 * 3. Call the handler with the awaited `definition.transformations(rawEnvelope)` (the reference's
 *    convert synchronously; Atrium's load their conversions on the first delivery, and
 *    `../../webhooks/process.ts` awaits both). It applies everything the reference
 *    applies for that event — key renames (`id` → `_id`,
 *    also inside `richContent`, as the reference's events do), `metadata.eventTime` and the
 *    entity's dates as `Date`, page URLs and media as strings, the `modifiedFields` keys renamed
 *    segment by segment (values untouched) — so the dispatcher passes the envelope as built in
 *    step 2 and does nothing more to it. It never mutates its argument.
 *
 * The conversions load on the first delivery, so a page that imports a blog module does not carry
 * them (the rules are shared with the operations loaded on demand, ./transforms.ts).
 *
 * ## Binding
 *
 * `createClient({ modules: { posts } })` turns each event definition found among a module's
 * values (`__type === 'event-definition'`) into `(handler) => void` that registers
 * `{ eventDefinition, handler }` under `definition.type` with that client's `webhooks`
 * (`mapOperations` and `../../webhooks/registry.ts`). The shape is `EventDefinition` of
 * `../../webhooks/types.ts` plus a call signature. The definition called directly (not bound to a
 * client) has nowhere to register and throws a TypeError.
 */
export interface EventDefinition<Envelope = unknown> {
  (handler: (event: Envelope) => void | Promise<void>): void;
  readonly __type: 'event-definition';
  readonly type: string;
  readonly isDomainEvent: true;
  readonly transformations: (envelope: unknown) => Promise<Envelope>;
}

/** The event definition of `wix.blog.<entity>_<slug>` whose envelope converts as `kind`. */
/* @__NO_SIDE_EFFECTS__ */
export function eventDefinition<Envelope>(
  entity: string,
  slug: string,
  kind: EventKind,
): EventDefinition<Envelope> {
  const type = `wix.blog.${entity}_${slug}`;
  const register = () => {
    throw new TypeError(`${type}: bind to a client`);
  };
  return Object.assign(register, {
    __type: 'event-definition' as const,
    type,
    isDomainEvent: true as const,
    transformations: async (envelope: unknown) =>
      (await loadTransforms()).transformEvent(kind, envelope) as Envelope,
  });
}
