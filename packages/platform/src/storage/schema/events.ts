import type { Json } from '@atrium/contract/types';
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt } from './core.js';

/** Domain events and webhooks (events/). */

/** Migration 11 (events/): the outbox of domain events, webhook endpoints and deliveries. */
export interface DomainEventsTable {
  id: Generated<string>;
  /** bigserial: the driver answers a string. */
  position: ColumnType<string, never, never>;
  event_type: string;
  entity_fqdn: string;
  entity_id: string;
  slug: string;
  entity_event_sequence: ColumnType<string, number | string, never>;
  body: ColumnType<Json, string, never>;
  identity: ColumnType<Json, string, never>;
  event_time: ColumnType<Date, Date, never>;
  created_at: CreatedAt;
}

export interface EntityEventSequencesTable {
  entity_fqdn: string;
  entity_id: string;
  last: ColumnType<string, number | string, number | string>;
}

export interface WebhookEndpointsTable {
  id: Generated<string>;
  url: string;
  event_types: string[] | null;
  source: 'config' | 'api';
  created_at: CreatedAt;
}

export type WebhookDeliveryStatus = 'PENDING' | 'DELIVERED' | 'FAILED';

export interface WebhookDeliveriesTable {
  id: Generated<string>;
  event_id: string;
  webhook_id: string;
  position: ColumnType<string, number | string, never>;
  entity_fqdn: string;
  entity_id: string;
  status: ColumnType<WebhookDeliveryStatus, WebhookDeliveryStatus | undefined, WebhookDeliveryStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Date;
  lease_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
  claim_token: ColumnType<string | null, string | null | undefined, string | null>;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  response_status: ColumnType<number | null, number | null | undefined, number | null>;
  last_attempt_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  give_up_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  delivered_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: CreatedAt;
}

export interface WebhookSigningKeysTable {
  kid: string;
  private_pem: string;
  public_pem: string;
  created_at: CreatedAt;
}
