import { MEMBER_PRIVACY_STATUSES, MEMBER_STATUSES } from '@atrium/contract';
import { sql } from 'kysely';
import type { FieldMap } from '../../query/index.js';

/**
 * The members' queryable fields over the `identities` table (query/ compiles filters and sorts over
 * them): each SQL expression computes the value as the wire shows it. `id` is the wire name of the
 * SDK's `_id`; a member's contact is the member itself, so `contactId` is its id too.
 */
const id = sql`identities.id::text`;
export const STATUS_SQL = sql`CASE identities.status WHEN 'ACTIVE' THEN 'APPROVED' WHEN 'PENDING' THEN 'PENDING' WHEN 'BLOCKED' THEN 'BLOCKED' WHEN 'OFFLINE' THEN 'OFFLINE' ELSE 'UNKNOWN' END`;
/** Public only when the member chose it: an unset (or UNDEFINED) privacy status is private. */
export const PRIVACY_SQL = sql`CASE WHEN identities.profile->>'privacyStatus' = 'PUBLIC' THEN 'PUBLIC' ELSE 'PRIVATE' END`;

export const MEMBER_FIELDS: FieldMap = {
  id: { sql: id, kind: 'text', sortable: true },
  contactId: { sql: id, kind: 'text', sortable: true },
  loginEmail: { sql: sql`identities.email`, kind: 'text', sortable: true },
  status: { sql: STATUS_SQL, kind: 'text', values: MEMBER_STATUSES },
  privacyStatus: { sql: PRIVACY_SQL, kind: 'text', values: MEMBER_PRIVACY_STATUSES },
  'contact.firstName': { sql: sql`identities.profile->>'firstName'`, kind: 'text', sortable: true },
  'contact.lastName': { sql: sql`identities.profile->>'lastName'`, kind: 'text', sortable: true },
  'profile.nickname': { sql: sql`identities.profile->>'nickname'`, kind: 'text', sortable: true },
  'profile.slug': { sql: sql`identities.slug`, kind: 'text', sortable: true },
  createdDate: { sql: sql`identities.created_at`, kind: 'timestamp', sortable: true },
  updatedDate: { sql: sql`identities.updated_at`, kind: 'timestamp', sortable: true },
};

/** What a caller other than the site's API key may filter, sort and search by: public fields only. */
export const PUBLIC_FIELDS: ReadonlySet<string> = new Set([
  'id',
  'contactId',
  'privacyStatus',
  'profile.nickname',
  'profile.slug',
  'createdDate',
  'updatedDate',
]);

/** What `search.expression` looks in when `search.fields` names none. */
export const DEFAULT_SEARCH_FIELDS = ['profile.nickname'] as const;
