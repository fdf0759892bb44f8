/**
 * The `members` module's types, with the names and shapes of `@wix/members`: system keys as `_id`,
 * `_createdDate`, `_updatedDate`, dates as `Date`.
 */
import type {
  MemberActivityStatus,
  MemberAddress,
  MemberFieldset,
  MemberPrivacyStatus,
  MemberStatus,
} from '@atrium/contract/types';
import type { OffsetPosition, Page } from '../../query/types.js';

export type Fieldset = MemberFieldset;
export type PrivacyStatus = MemberPrivacyStatus;
export type Status = MemberStatus;
export type ActivityStatus = MemberActivityStatus;
export type Address = MemberAddress;

export interface Image {
  _id?: string;
  url?: string;
  height?: number;
  width?: number;
  offsetX?: number | null;
  offsetY?: number | null;
}

export interface Profile {
  nickname?: string | null;
  slug?: string | null;
  photo?: Image;
  cover?: Image;
  title?: string | null;
}

export interface Contact {
  firstName?: string | null;
  lastName?: string | null;
  phones?: string[] | null;
  emails?: string[] | null;
  addresses?: Address[];
  birthdate?: string | null;
  company?: string | null;
  jobTitle?: string | null;
}

export interface Member {
  _id?: string | null;
  loginEmail?: string | null;
  loginEmailVerified?: boolean | null;
  status?: Status;
  contactId?: string | null;
  contact?: Contact;
  profile?: Profile;
  privacyStatus?: PrivacyStatus;
  activityStatus?: ActivityStatus;
  _createdDate?: Date | null;
  _updatedDate?: Date | null;
  lastLoginDate?: Date | null;
}

/** What `updateMember` may change (other fields are accepted and ignored by the platform). */
export type UpdateMember = Member;

export interface FieldsetOptions {
  fieldsets?: Fieldset[];
}
export type GetCurrentMemberOptions = FieldsetOptions;
export type GetMemberOptions = FieldsetOptions;

export interface Paging {
  limit?: number | null;
  offset?: number | null;
}

export interface Sorting {
  fieldName?: string;
  order?: 'ASC' | 'DESC';
}

export interface ListMembersOptions {
  paging?: Paging;
  fieldsets?: Fieldset[];
  sorting?: Sorting[];
}

export interface Search {
  expression?: string | null;
  fields?: string[];
}

export interface QueryMembersOptions {
  fieldsets?: Fieldset[];
  search?: Search;
}

export interface PagingMetadata {
  count?: number | null;
  offset?: number | null;
  total?: number | null;
  tooManyToCount?: boolean | null;
}

export interface GetMyMemberResponse {
  member?: Member;
}
export type UpdateMySlugResponse = GetMyMemberResponse;
export type UpdateMemberSlugResponse = GetMyMemberResponse;

export interface ListMembersResponse {
  members?: Member[];
  metadata?: PagingMetadata;
}
export type QueryMembersResponse = ListMembersResponse;

/** `typedQueryMembers`'s query: a filter and offset paging. */
export interface MemberQuery {
  filter?: Record<string, unknown>;
  paging?: Paging;
  sorting?: Sorting[];
}

export type MemberField =
  | '_id'
  | 'loginEmail'
  | 'status'
  | 'contactId'
  | 'contact.firstName'
  | 'contact.lastName'
  | 'profile.nickname'
  | 'profile.slug'
  | 'privacyStatus';

export interface MembersQueryResult extends Page<Member, MembersQueryResult>, OffsetPosition {
  query: MembersQueryBuilder;
}

/** The reference's builder: conditions join a top-level `$and`; offset paging. */
export interface MembersQueryBuilder {
  eq(field: MemberField, value: unknown): MembersQueryBuilder;
  ne(field: MemberField, value: unknown): MembersQueryBuilder;
  ge(field: MemberField, value: unknown): MembersQueryBuilder;
  gt(field: MemberField, value: unknown): MembersQueryBuilder;
  le(field: MemberField, value: unknown): MembersQueryBuilder;
  lt(field: MemberField, value: unknown): MembersQueryBuilder;
  startsWith(field: MemberField, value: string): MembersQueryBuilder;
  in(field: MemberField, value: unknown[]): MembersQueryBuilder;
  exists(field: MemberField, value?: boolean): MembersQueryBuilder;
  limit(limit: number): MembersQueryBuilder;
  skip(skip: number): MembersQueryBuilder;
  find(): Promise<MembersQueryResult>;
}

/** `deleteMyMember(options?)`: the reference's DeleteMyMemberOptions. */
export interface DeleteMyMemberOptions {
  /** The member who receives the deleted member's content (the local platform refuses one: its content passes to the site). */
  contentAssigneeId?: string | null;
}

/** The reference's DeleteMyMemberResponse: empty. */
export type DeleteMyMemberResponse = Record<string, never>;
