import { MEMBERS_GATEWAY, MEMBERS_PREFIX, MEMBERS_ROUTES } from '@atrium/contract/routes/members';
import { pick, route, serviceModule } from '../../../client/define-operation.js';
import { dateFromWire, type PathRule, transformPaths, under } from '../../../client/field-transforms.js';
import { complexGetPayload } from '../../../query/encoded.js';
import type {
  DeleteMyMemberOptions,
  DeleteMyMemberResponse,
  GetCurrentMemberOptions,
  GetMemberOptions,
  GetMyMemberResponse,
  ListMembersOptions,
  ListMembersResponse,
  Member,
  MemberQuery,
  QueryMembersOptions,
  QueryMembersResponse,
  UpdateMember,
  UpdateMemberSlugResponse,
  UpdateMySlugResponse,
} from '../types.js';

/**
 * What each `members` call sends and returns (the reference's `@wix/members` requests, recorded
 * by conformance/members.test.ts), as plain data loaded on the module's first call. `_id` ↔ `id`
 * and the date keys are renamed by the module options; dates become `Date`s here.
 */
const MEMBER_FROM_WIRE: PathRule[] = [
  ['_createdDate', dateFromWire],
  ['_updatedDate', dateFromWire],
  ['lastLoginDate', dateFromWire],
];

const fromWire = <T>(body: unknown, key: 'member' | 'members'): T =>
  transformPaths(body, under(key, MEMBER_FROM_WIRE)) as T;

export const membersModule = serviceModule(
  { packageName: '@atrium/sdk/members', prefix: MEMBERS_PREFIX, renameSystemKeys: true },
  MEMBERS_GATEWAY,
  {
    getCurrentMember: route('GET', MEMBERS_ROUTES.my, {
      request: (options: GetCurrentMemberOptions = {}) => ({ fieldsets: options.fieldsets }),
      response: (body: never): GetMyMemberResponse => fromWire(body, 'member'),
    }),
    getMember: route('GET', MEMBERS_ROUTES.member, {
      request: (_id: string, options: GetMemberOptions = {}) => ({ id: _id, fieldsets: options.fieldsets }),
      response: (body: never): Member => fromWire<{ member: Member }>(body, 'member').member,
    }),
    listMembers: route('GET', MEMBERS_ROUTES.members, {
      request: (options: ListMembersOptions = {}) =>
        complexGetPayload({ paging: options.paging, fieldsets: options.fieldsets, sorting: options.sorting }),
      response: (body: never): ListMembersResponse => fromWire(body, 'members'),
    }),
    /** The typed query (the builder, ../../../query/page-query.ts, sends through it too). */
    queryMembers: route('POST', MEMBERS_ROUTES.query, {
      request: (query: MemberQuery, options: QueryMembersOptions = {}) => ({
        ...pick(options, 'fieldsets', 'search'),
        query,
      }),
      response: (body: never): QueryMembersResponse => fromWire(body, 'members'),
    }),
    updateMember: route('PATCH', MEMBERS_ROUTES.updateMember, {
      request: (_id: string, member: UpdateMember) => ({ member: { ...member, id: _id } }),
      response: (body: never): Member => fromWire<{ member: Member }>(body, 'member').member,
    }),
    /** DELETE /members/v1/members/my (`contentAssigneeId` in the query when given); answers `{}`. */
    deleteMyMember: route('DELETE', MEMBERS_ROUTES.my, {
      request: (options: DeleteMyMemberOptions = {}) => ({ contentAssigneeId: options.contentAssigneeId }),
      response: (body: DeleteMyMemberResponse): DeleteMyMemberResponse => body,
    }),
    updateCurrentMemberSlug: route('POST', MEMBERS_ROUTES.mySlug, {
      request: (slug: string) => ({ slug }),
      response: (body: never): UpdateMySlugResponse => fromWire(body, 'member'),
    }),
    updateMemberSlug: route('POST', MEMBERS_ROUTES.memberSlug, {
      request: (_id: string, slug: string) => ({ id: _id, slug }),
      response: (body: never): UpdateMemberSlugResponse => fromWire(body, 'member'),
    }),
  },
);
