/**
 * Members (`@wix/members` `members`): the site's members as profiles.
 * Plain constants (no schema library): the zero-dependency SDK imports them. The request schemas
 * are in `../members.ts`, the wire shapes in `../members-types.ts`.
 */

import { serviceGateway } from './core.js';
import { servicePrefix } from './prefixes.js';

/** SERVICE_PREFIXES.members alone: the reference's `/members/v1/members` and `/_api/members/…`. */
export const MEMBERS_PREFIX = servicePrefix('/members', '/_api/members');

/** Members proto paths, under MEMBERS_PREFIX. */
export const MEMBERS_ROUTES = {
  /** GET lists (`paging`, `fieldsets`, `sorting`; the reference sends them as `.r`). */
  members: '/v1/members',
  /** POST `{ query: { filter, paging, sorting }, fieldsets, search }`. */
  query: '/v1/members/query',
  /** GET the caller's own member (`fieldsets`); DELETE deletes it (`contentAssigneeId`: `deleteMyMember`). */
  my: '/v1/members/my',
  /** POST `{ slug }`: the caller's own slug. */
  mySlug: '/v1/members/my/slug',
  /** GET by id (`id` repeated in the query, `fieldsets`); PATCH `{ member }` updates. */
  member: '/v1/members/{id}',
  /** PATCH `{ member }` (the id travels as `member.id`). */
  updateMember: '/v1/members/{member.id}',
  /** POST `{ id, slug }`. */
  memberSlug: '/v1/members/{id}/slug',
} as const;

const MEMBER_ENTITY = 'wix.members.v1.member';

/** The members' domain events (webhooks): the reference's `onMemberDeleted` (`wix.members.v1.member_deleted`). */
export const MEMBER_EVENT_TYPES = { memberDeleted: 'wix.members.v1.member_deleted' } as const;
export const MEMBER_ENTITY_FQDN = MEMBER_ENTITY;
const gateway = serviceGateway('com.wixpress.members.api.Members', MEMBER_ENTITY);

/** What each call declares in the gateway header (docs/wire.md §1.5). */
export const MEMBERS_GATEWAY = {
  getCurrentMember: gateway('GetMyMember'),
  getMember: gateway('GetMember'),
  listMembers: gateway('ListMembers'),
  queryMembers: gateway('QueryMembers'),
  updateMember: gateway('UpdateMember'),
  updateCurrentMemberSlug: gateway('UpdateMySlug'),
  updateMemberSlug: gateway('UpdateMemberSlug'),
  deleteMyMember: gateway('DeleteMyMember'),
} as const;

/** Enumerations of the member resource. */
export const MEMBER_FIELDSETS = ['PUBLIC', 'EXTENDED', 'FULL'] as const;
export const MEMBER_PRIVACY_STATUSES = ['UNKNOWN', 'PRIVATE', 'PUBLIC'] as const;
export const MEMBER_STATUSES = ['UNKNOWN', 'PENDING', 'APPROVED', 'BLOCKED', 'OFFLINE'] as const;
export const MEMBER_ACTIVITY_STATUSES = ['UNKNOWN', 'ACTIVE', 'MUTED'] as const;

export const MEMBERS_ERROR_CODES = {
  slugAlreadyExists: 'SLUG_ALREADY_EXISTS',
  notFound: 'NOT_FOUND',
  invalidQuery: 'INVALID_QUERY',
} as const;

export const MEMBERS_LIMITS = {
  /** Default and largest page (the reference's builder asks for 50). */
  defaultLimit: 50,
  maxLimit: 100,
  maxTextLength: 255,
  maxSlugLength: 100,
  maxUrlLength: 2048,
  maxBodyBytes: 64 * 1024,
} as const;
