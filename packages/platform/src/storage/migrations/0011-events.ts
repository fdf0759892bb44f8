import type { Migration } from './migration.js';

export const events: Migration = {
  version: 11,
  name: 'events: the outbox of domain events, webhook endpoints, deliveries and the webhook signing key',
  sql: `
-- Domain events (events/record.ts), written in the transaction of the change they describe: an
-- event exists if and only if its change committed. \`position\` orders them globally.
CREATE TABLE domain_events (
  id                    uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  position              bigserial NOT NULL UNIQUE,
  event_type            text NOT NULL,
  entity_fqdn           text NOT NULL,
  entity_id             text NOT NULL,
  slug                  text NOT NULL,
  entity_event_sequence bigint NOT NULL,
  body                  jsonb NOT NULL,
  identity              jsonb NOT NULL,
  event_time            timestamptz NOT NULL,
  created_at            timestamptz NOT NULL DEFAULT now()
);

-- The last sequence number given to each entity's events (the row lock serialises writers).
CREATE TABLE entity_event_sequences (
  entity_fqdn text NOT NULL,
  entity_id   text NOT NULL,
  last        bigint NOT NULL,
  PRIMARY KEY (entity_fqdn, entity_id)
);

-- Where events are delivered: from the start option --webhook-url (source 'config', one row per
-- URL) or the admin API (source 'api'). event_types NULL: every type.
CREATE TABLE webhook_endpoints (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  url         text NOT NULL,
  event_types text[],
  source      text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX webhook_endpoints_config_url ON webhook_endpoints (url) WHERE source = 'config';

-- One delivery per event and matching endpoint, created with the event. A process claims a due
-- delivery (FOR UPDATE SKIP LOCKED) by setting a lease and a claim token, posts it outside any
-- transaction, then records the outcome if its claim still holds. An entity's deliveries to one
-- endpoint go out in position order: one waits while an earlier one is PENDING.
CREATE TABLE webhook_deliveries (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  event_id        uuid NOT NULL REFERENCES domain_events (id) ON DELETE CASCADE,
  webhook_id      uuid NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  position        bigint NOT NULL,
  entity_fqdn     text NOT NULL,
  entity_id       text NOT NULL,
  status          text NOT NULL DEFAULT 'PENDING',
  attempts        integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  lease_until     timestamptz,
  claim_token     uuid,
  last_error      text,
  response_status integer,
  last_attempt_at timestamptz,
  -- Set by the first failed attempt: retries stop (FAILED) once the next one would be later.
  give_up_at      timestamptz,
  delivered_at    timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_deliveries_pending ON webhook_deliveries (position) WHERE status = 'PENDING';
CREATE INDEX webhook_deliveries_entity ON webhook_deliveries (webhook_id, entity_fqdn, entity_id, position)
  WHERE status = 'PENDING';
CREATE INDEX webhook_deliveries_webhook ON webhook_deliveries (webhook_id, created_at);
CREATE INDEX webhook_deliveries_event ON webhook_deliveries (event_id);

-- The RSA key pair webhook JWTs are signed with (RS256), created once (events/keys.ts).
CREATE TABLE webhook_signing_keys (
  kid         text PRIMARY KEY,
  private_pem text NOT NULL,
  public_pem  text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
`,
};
