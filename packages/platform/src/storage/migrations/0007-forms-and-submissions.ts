import type { Migration } from './migration.js';

export const formsAndSubmissions: Migration = {
  version: 7,
  name: 'form schemas, submissions with a trash bin, upload tokens and contacts',
  sql: `
-- A form schema: the definition as it travels (without id, revision and dates, which are columns),
-- unknown keys kept verbatim. deleted_at set: in the trash (deleteForm without permanent).
CREATE TABLE form_schemas (
  id         uuid PRIMARY KEY,
  namespace  text COLLATE "C" NOT NULL,
  name       text COLLATE "C",
  enabled    boolean NOT NULL DEFAULT true,
  definition jsonb NOT NULL,
  revision   bigint NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  deleted_at timestamptz
);
CREATE INDEX form_schemas_namespace ON form_schemas (namespace, updated_at DESC, id) WHERE deleted_at IS NULL;

-- A submission: its values (keyed by field target) as JSONB. deleted_at set: in the trash bin.
-- submitter_member_id repeats submitter.memberId for the "own submissions" reads.
CREATE TABLE form_submissions (
  id                  uuid PRIMARY KEY,
  form_id             uuid NOT NULL REFERENCES form_schemas (id) ON DELETE CASCADE,
  namespace           text COLLATE "C" NOT NULL,
  status              text NOT NULL CHECK (status IN
    ('UNKNOWN_SUBMISSION_STATUS', 'PENDING', 'CONFIRMED', 'PAYMENT_WAITING', 'PAYMENT_CANCELED')),
  submissions         jsonb NOT NULL,
  submitter           jsonb NOT NULL,
  submitter_member_id uuid,
  seen                boolean NOT NULL DEFAULT false,
  extended_fields     jsonb NOT NULL DEFAULT '{}',
  tag_ids             text[] NOT NULL DEFAULT '{}',
  contact_id          uuid,
  revision            bigint NOT NULL DEFAULT 1,
  created_at          timestamptz NOT NULL,
  updated_at          timestamptz NOT NULL,
  deleted_at          timestamptz
);
-- The default order (newest first) per form and per namespace, live and trashed apart.
CREATE INDEX form_submissions_form ON form_submissions (form_id, (deleted_at IS NULL), created_at DESC, id DESC);
CREATE INDEX form_submissions_namespace ON form_submissions (namespace, (deleted_at IS NULL), created_at DESC, id DESC);
CREATE INDEX form_submissions_member ON form_submissions (submitter_member_id) WHERE submitter_member_id IS NOT NULL;

-- A media upload URL: single use, short-lived, bound to a form, a file name and a type. Only the
-- token's hash is kept (like every bearer secret).
CREATE TABLE form_upload_tokens (
  token_hash text PRIMARY KEY,
  form_id    uuid NOT NULL REFERENCES form_schemas (id) ON DELETE CASCADE,
  filename   text NOT NULL,
  mime_type  text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at    timestamptz
);

-- A file uploaded for a form (the bytes are in the media store, owner form:<id>): what makes it a
-- valid value of that form's file fields. submission_id: the one submission that uses it.
CREATE TABLE form_files (
  file_id       text COLLATE "C" PRIMARY KEY,
  form_id       uuid NOT NULL REFERENCES form_schemas (id) ON DELETE CASCADE,
  url_path      text COLLATE "C" NOT NULL,
  filename      text NOT NULL,
  content_type  text NOT NULL,
  size_bytes    bigint NOT NULL,
  submission_id uuid REFERENCES form_submissions (id) ON DELETE SET NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX form_files_form_path ON form_files (form_id, url_path);
CREATE INDEX form_files_submission ON form_files (submission_id) WHERE submission_id IS NOT NULL;

-- Contacts made from submissions, one per e-mail address (lower-cased); identity_id when the
-- address is a member's login e-mail.
CREATE TABLE form_contacts (
  id          uuid PRIMARY KEY,
  email       text COLLATE "C" NOT NULL UNIQUE,
  identity_id uuid REFERENCES identities (id) ON DELETE SET NULL,
  info        jsonb NOT NULL DEFAULT '{}',
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
`,
};
