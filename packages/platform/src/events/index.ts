/**
 * Domain events and their webhook deliveries (docs/blog-wire.md §C). A service records an event with
 * `recordEvent` in the transaction of the change it describes; the delivery loop (delivery.ts)
 * posts it, as a signed JWT, to every matching webhook endpoint.
 */
export type { DomainEventBody, DomainEventIdentity, DomainEventInput } from './record.js';
export { recordEvent } from './record.js';
