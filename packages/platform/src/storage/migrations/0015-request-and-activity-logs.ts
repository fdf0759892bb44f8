import type { Migration } from './migration.js';

export const requestAndActivityLogs: Migration = {
  version: 15,
  name: 'the request log and the staff activity log, each kept to its newest rows',
  sql: `
-- The platform's recent requests (services/logs/): written in batches by each process, pruned by id
-- to the newest rows (--request-log-size). Query secrets are dropped before a path is stored.
CREATE TABLE request_log (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  request_id    text NOT NULL,
  at            timestamptz NOT NULL,
  method        text NOT NULL,
  path          text NOT NULL,
  route         text,
  status        integer NOT NULL,
  caller_kind   text NOT NULL,
  staff_email   text,
  staff_role    text,
  api_key_label text,
  api_key_hint  text,
  duration_ms   integer NOT NULL,
  refusal       text
);
CREATE INDEX request_log_request_id ON request_log (request_id);

-- Who changed what: every successful writing call of a staff session or an API key.
CREATE TABLE activity_log (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  request_id    text NOT NULL,
  at            timestamptz NOT NULL,
  actor_kind    text NOT NULL CHECK (actor_kind IN ('staff', 'api-key')),
  staff_email   text,
  staff_role    text,
  api_key_label text,
  api_key_hint  text,
  section       text NOT NULL,
  method        text NOT NULL,
  route         text NOT NULL,
  action        text NOT NULL,
  target        jsonb NOT NULL
);
`,
};
