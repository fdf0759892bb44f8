import { MEMBERS_GATEWAY, MEMBERS_PREFIX, MEMBERS_ROUTES } from '@atrium/contract/routes/members';
import { defineOperation, moduleDefinition } from '../../../client/define-operation.js';
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

export const membersModule = moduleDefinition(
  { packageName: '@atrium/sdk/members', prefix: MEMBERS_PREFIX, renameSystemKeys: true },
  {
    getCurrentMember: defineOperation({
      method: 'GET',
      path: MEMBERS_ROUTES.my,
      gateway: MEMBERS_GATEWAY.getCurrentMember,
      request: (options: GetCurrentMemberOptions = {}) => ({ fieldsets: options.fieldsets }),
      response: (body: never): GetMyMemberResponse => fromWire(body, 'member'),
    }),
    getMember: defineOperation({
      method: 'GET',
      path: MEMBERS_ROUTES.member,
      gateway: MEMBERS_GATEWAY.getMember,
      request: (_id: string, options: GetMemberOptions = {}) => ({ id: _id, fieldsets: options.fieldsets }),
      response: (body: never): Member => fromWire<{ member: Member }>(body, 'member').member,
    }),
    listMembers: defineOperation({
      method: 'GET',
      path: MEMBERS_ROUTES.members,
      gateway: MEMBERS_GATEWAY.listMembers,
      request: (options: ListMembersOptions = {}) =>
        complexGetPayload({ paging: options.paging, fieldsets: options.fieldsets, sorting: options.sorting }),
      response: (body: never): ListMembersResponse => fromWire(body, 'members'),
    }),
    /** The typed query (the builder, ../../../query/page-query.ts, sends through it too). */
    queryMembers: defineOperation({
      method: 'POST',
      path: MEMBERS_ROUTES.query,
      gateway: MEMBERS_GATEWAY.queryMembers,
      request: (query: MemberQuery, options: QueryMembersOptions = {}) => ({
        fieldsets: options.fieldsets,
        search: options.search,
        query,
      }),
      response: (body: never): QueryMembersResponse => fromWire(body, 'members'),
    }),
    updateMember: defineOperation({
      method: 'PATCH',
      path: MEMBERS_ROUTES.updateMember,
      gateway: MEMBERS_GATEWAY.updateMember,
      request: (_id: string, member: UpdateMember) => ({ member: { ...member, id: _id } }),
      response: (body: never): Member => fromWire<{ member: Member }>(body, 'member').member,
    }),
    /** DELETE /members/v1/members/my (`contentAssigneeId` in the query when given); answers `{}`. */
    deleteMyMember: defineOperation({
      method: 'DELETE',
      path: MEMBERS_ROUTES.my,
      gateway: MEMBERS_GATEWAY.deleteMyMember,
      request: (options: DeleteMyMemberOptions = {}) => ({ contentAssigneeId: options.contentAssigneeId }),
      response: (body: DeleteMyMemberResponse): DeleteMyMemberResponse => body,
    }),
    updateCurrentMemberSlug: defineOperation({
      method: 'POST',
      path: MEMBERS_ROUTES.mySlug,
      gateway: MEMBERS_GATEWAY.updateCurrentMemberSlug,
      request: (slug: string) => ({ slug }),
      response: (body: never): UpdateMySlugResponse => fromWire(body, 'member'),
    }),
    updateMemberSlug: defineOperation({
      method: 'POST',
      path: MEMBERS_ROUTES.memberSlug,
      gateway: MEMBERS_GATEWAY.updateMemberSlug,
      request: (_id: string, slug: string) => ({ id: _id, slug }),
      response: (body: never): UpdateMemberSlugResponse => fromWire(body, 'member'),
    }),
  },
);
