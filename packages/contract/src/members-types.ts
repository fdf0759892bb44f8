/**
 * Members wire shapes (`@wix/members` `members`) as plain interfaces; re-exported by `./types.ts`.
 * Constants are in `./routes/members.ts`; the request schemas in `./members.ts`
 * (`schema-types.check.ts` proves they match).
 */
import type * as Members from './routes/members.js';

export type MemberFieldset = (typeof Members.MEMBER_FIELDSETS)[number];
export type MemberPrivacyStatus = (typeof Members.MEMBER_PRIVACY_STATUSES)[number];
export type MemberStatus = (typeof Members.MEMBER_STATUSES)[number];
export type MemberActivityStatus = (typeof Members.MEMBER_ACTIVITY_STATUSES)[number];

/** A profile image: a media-store file by `id` (the platform answers its URL and size), or a `url`. */
export interface MemberImage {
  id?: string;
  url?: string;
  width?: number;
  height?: number;
  offsetX?: number | null;
  offsetY?: number | null;
}

export interface MemberProfile {
  nickname?: string | null;
  slug?: string | null;
  photo?: MemberImage;
  title?: string | null;
}

export interface MemberAddress {
  addressLine?: string | null;
  addressLine2?: string | null;
  city?: string | null;
  subdivision?: string | null;
  country?: string | null;
  postalCode?: string | null;
}

export interface MemberContact {
  firstName?: string | null;
  lastName?: string | null;
  phones?: string[] | null;
  emails?: string[] | null;
  addresses?: MemberAddress[];
  birthdate?: string | null;
  company?: string | null;
  jobTitle?: string | null;
}

/** A member as it travels: which fields are present depends on the fieldset and the caller. */
export interface Member {
  id: string;
  loginEmail?: string;
  loginEmailVerified?: boolean;
  status: MemberStatus;
  contactId?: string;
  contact?: MemberContact;
  profile: MemberProfile;
  privacyStatus: MemberPrivacyStatus;
  activityStatus: MemberActivityStatus;
  createdDate?: string;
  updatedDate?: string;
}

export interface MemberPaging {
  limit?: number | null;
  offset?: number | null;
}

export interface MemberSorting {
  fieldName?: string;
  order?: 'ASC' | 'DESC';
}

export interface MemberPagingMetadata {
  count: number;
  offset: number;
  total: number;
  tooManyToCount: boolean;
}

export interface GetMemberResponse {
  member: Member;
}

export interface MembersPage {
  members: Member[];
  metadata: MemberPagingMetadata;
}

// ── Requests ───────────────────────────────────────────────────────────────────────────────────

export interface ListMembersRequest {
  paging?: MemberPaging;
  fieldsets?: MemberFieldset[];
  sorting?: MemberSorting[];
}

export interface QueryMembersRequest {
  query?: { filter?: unknown; paging?: MemberPaging; sorting?: MemberSorting[] };
  fieldsets?: MemberFieldset[];
  search?: { expression?: string | null; fields?: string[] };
}

/** What a member may change of a profile: names, nickname, photo, title, privacy. */
export interface UpdateMemberRequest {
  member: {
    id?: string;
    contact?: {
      firstName?: string | null;
      lastName?: string | null;
      phones?: string[] | null;
      birthdate?: string | null;
      company?: string | null;
      jobTitle?: string | null;
    };
    profile?: { nickname?: string | null; photo?: MemberImage | null; title?: string | null };
    privacyStatus?: MemberPrivacyStatus;
  };
}

export interface UpdateMySlugRequest {
  slug: string;
}

export interface UpdateMemberSlugRequest {
  id?: string;
  slug: string;
}
