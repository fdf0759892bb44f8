import {
  ListMembersRequest,
  MEMBERS_LIMITS,
  MEMBERS_ROUTES,
  MemberFieldsets,
  QueryMembersRequest,
  UpdateMemberRequest,
  UpdateMemberSlugRequest,
  UpdateMySlugRequest,
} from '@atrium/contract';
import type * as Wire from '@atrium/contract/types';
import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { callerOf, requireMember } from '../../http/callers.js';
import { checkShape, ENCODED_REQUEST_PARAM, queryPayload } from '../../http/payload.js';
import { fastifyPath } from '../../http/routing.js';
import type { CallerAuthority } from '../../oauth/caller.js';
import type { ManagementContext } from '../admin/member-management.js';
import { badEncodedRequest } from './errors.js';
import {
  deleteMyMember,
  getCurrentMember,
  getMember,
  listMembers,
  type MembersContext,
  queryMembers,
  type Reader,
  updateMember,
  updateMemberSlug,
} from './service.js';

export interface MembersRoutesContext extends CallerAuthority, MembersContext, ManagementContext {}

const Id = Type.String({ minLength: 1, maxLength: 255 });
const IdParams = Type.Object({ id: Id });
const FieldsetsQuery = Type.Object({ fieldsets: Type.Optional(MemberFieldsets) });
/** `deleteMyMember({ contentAssigneeId })` sends it in the query string (a DELETE has no body). */
const DeleteMyMemberQuery = Type.Object({
  contentAssigneeId: Type.Optional(Type.String({ maxLength: 255 })),
});
/** The id is repeated in the query string by the reference (docs/wire.md §1.3): allowed and ignored. */
const GetMemberQuery = Type.Object({
  id: Type.Optional(Type.String()),
  fieldsets: Type.Optional(MemberFieldsets),
});
/** The list's options: `.r` (what the reference sends when it has options) or plain parameters. */
const ListQuery = Type.Object({
  [ENCODED_REQUEST_PARAM]: Type.Optional(Type.String()),
  'paging.limit': Type.Optional(Type.Integer()),
  'paging.offset': Type.Optional(Type.Integer()),
  fieldsets: Type.Optional(MemberFieldsets),
});

const path = (route: keyof typeof MEMBERS_ROUTES): string => fastifyPath(MEMBERS_ROUTES[route]);
const JSON_BODY = { bodyLimit: MEMBERS_LIMITS.maxBodyBytes } as const;

/**
 * The members routes, registered under `/members` and its alias (http/routing.ts). Anyone may
 * read (the service decides what each caller sees); the current member's routes need a member;
 * updates need the member itself or the site's API key (the service checks).
 */
export function membersRoutes(ctx: MembersRoutesContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    const reader = async (request: FastifyRequest): Promise<Reader> => ({
      caller: await callerOf(request, ctx),
      origin: request.publicOrigin,
    });
    const member = async (request: FastifyRequest, what: string) => {
      const who = await reader(request);
      return { ...who, caller: requireMember(who.caller, what) };
    };

    app.get(path('my'), { schema: { querystring: FieldsetsQuery } }, async (request) =>
      getCurrentMember(ctx, await member(request, 'getCurrentMember'), request.query.fieldsets),
    );
    app.delete(path('my'), { schema: { querystring: DeleteMyMemberQuery } }, async (request) => {
      const who = await member(request, 'deleteMyMember');
      return deleteMyMember(ctx, who.caller, request.query.contentAssigneeId);
    });
    app.post(path('mySlug'), { schema: { body: UpdateMySlugRequest }, ...JSON_BODY }, async (request) => {
      const who = await member(request, 'updateCurrentMemberSlug');
      return updateMemberSlug(ctx, who, who.caller.subjectId, request.body.slug);
    });

    app.get(path('members'), { schema: { querystring: ListQuery } }, async (request) => {
      const payload = queryPayload(
        request.query,
        { arrays: ['fieldsets'], numbers: ['paging.limit', 'paging.offset'], nested: true },
        badEncodedRequest,
      );
      const list = checkShape<Wire.ListMembersRequest>(payload, ListMembersRequest);
      return listMembers(ctx, await reader(request), list);
    });
    app.post(path('query'), { schema: { body: QueryMembersRequest }, ...JSON_BODY }, async (request) =>
      queryMembers(ctx, await reader(request), request.body),
    );

    app.get(path('member'), { schema: { params: IdParams, querystring: GetMemberQuery } }, async (request) =>
      getMember(ctx, await reader(request), request.params.id, request.query.fieldsets),
    );
    app.patch(
      path('member'),
      { schema: { params: IdParams, body: UpdateMemberRequest }, ...JSON_BODY },
      async (request) => updateMember(ctx, await reader(request), request.params.id, request.body.member),
    );
    app.post(
      path('memberSlug'),
      { schema: { params: IdParams, body: UpdateMemberSlugRequest }, ...JSON_BODY },
      async (request) => updateMemberSlug(ctx, await reader(request), request.params.id, request.body.slug),
    );
  };
}
