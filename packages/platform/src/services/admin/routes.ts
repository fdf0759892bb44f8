import { ADMIN_ROUTES, EnrollFactorRequest, MemberRolesRequest, SitePolicy } from '@atrium/contract';
import {
  API_KEYS_API,
  type ApiKeysAnswer,
  type CreatedApiKeyAnswer,
  type EnrollFactorResponse,
  type ListMembersResponse,
  MEMBERS_API,
  type MemberRolesResponse,
  type RevokedApiKeyAnswer,
  relativePath,
  type SitePolicy as SitePolicyAnswer,
} from '@atrium/contract/admin';
import { ADMIN_PREFIX } from '@atrium/contract/routes';
import type { IdentityStatusName, ListOAuthClientsResponse } from '@atrium/contract/types';
import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { applicationError } from '../../errors.js';
import { requireCaller } from '../../http/callers.js';
import { elevatedRouter } from '../../http/elevated-routes.js';
import { NoQuery } from '../../http/schemas.js';
import type { CallerAuthority } from '../../oauth/caller.js';
import { getMemberRoles, setMemberRoles } from '../data/member-roles/service.js';
import type { IdentityContext } from '../identity/authentication.js';
import { enrollFactor } from '../identity/factors.js';
import { STAFF_ROLES } from '../staff/permissions.js';
import { adminPath, belowAdmin, statusChange } from './member-routes.js';
import {
  approveMember,
  blockMember,
  createApiKey,
  getSitePolicy,
  listApiKeys,
  listMembers,
  listOAuthClients,
  putSitePolicy,
  revokeApiKey,
} from './service.js';

const STATUS_NAMES: readonly IdentityStatusName[] = [
  'UNKNOWN_STATUS',
  'PENDING',
  'ACTIVE',
  'DELETED',
  'BLOCKED',
  'OFFLINE',
];
const ListMembersQuery = Type.Object({
  status: Type.Optional(Type.Union(STATUS_NAMES.map((name) => Type.Literal(name)))),
  search: Type.Optional(Type.String({ maxLength: 200 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
});
const MemberParams = Type.Object({ identityId: Type.String() });

/** The site's API keys (under ADMIN_PREFIX), declared in the contract (API_KEYS_API). */
export const API_KEY_ROUTES = {
  /** GET: the keys; POST: a new key, its secret shown once. */
  apiKeys: relativePath(API_KEYS_API.list.path, ADMIN_PREFIX),
  /** DELETE: revoked at once. */
  apiKey: relativePath(API_KEYS_API.revoke.path, ADMIN_PREFIX),
} as const;
const ApiKeyParams = Type.Object({ keyId: Type.String() });
const CreateApiKeyRequest = Type.Object({
  label: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  /** The staff role the key acts with (services/staff/permissions.ts); OWNER when absent. */
  role: Type.Optional(Type.Union(STAFF_ROLES.map((role) => Type.Literal(role)))),
});

/** The API key of an elevated request, as requireCaller read it. */
const presentedKey = (request: FastifyRequest): string | undefined =>
  request.headers.authorization?.replace(/^bearer\s+/i, '').trim();

/** The admin API, registered under ADMIN_PREFIX: elevated callers only, except a member enrolling their own factor. */
export function adminRoutes(ctx: CallerAuthority & IdentityContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    const on = elevatedRouter(app, ctx);
    on.get(
      belowAdmin(MEMBERS_API.list),
      { querystring: ListMembersQuery },
      (request): Promise<ListMembersResponse> => listMembers(ctx.db, request.query),
    );
    // DELETE MEMBERS_API.delete, with the rest of the console's member management: member-routes.ts.
    on.get(
      ADMIN_ROUTES.oauthClients,
      { querystring: NoQuery },
      async (): Promise<ListOAuthClientsResponse> => ({ clients: await listOAuthClients(ctx.db) }),
    );
    statusChange(on, MEMBERS_API.approve, MemberParams, (identityId) => approveMember(ctx.db, identityId));
    statusChange(on, MEMBERS_API.block, MemberParams, (identityId) => blockMember(ctx, identityId));
    on.get(
      belowAdmin(MEMBERS_API.policy),
      { querystring: NoQuery },
      (): Promise<SitePolicyAnswer> => getSitePolicy(ctx.db),
    );
    on.put(
      belowAdmin(MEMBERS_API.savePolicy),
      { body: SitePolicy },
      (request): Promise<SitePolicyAnswer> => putSitePolicy(ctx.db, request.body),
    );
    on.get(
      API_KEY_ROUTES.apiKeys,
      { querystring: NoQuery },
      async (): Promise<ApiKeysAnswer> => ({ apiKeys: await listApiKeys(ctx.db) }),
    );
    on.post(
      API_KEY_ROUTES.apiKeys,
      { body: CreateApiKeyRequest },
      (request): Promise<CreatedApiKeyAnswer> => createApiKey(ctx.db, request.body.label, request.body.role),
    );
    on.delete(
      API_KEY_ROUTES.apiKey,
      { params: ApiKeyParams, querystring: NoQuery },
      (request): Promise<RevokedApiKeyAnswer> =>
        revokeApiKey(ctx.db, request.params.keyId, presentedKey(request)),
    );
    app.post(
      adminPath(MEMBERS_API.enrollFactor),
      { schema: { params: MemberParams, body: EnrollFactorRequest } },
      async (request): Promise<EnrollFactorResponse> => {
        const caller = await requireCaller(request, ctx, ['elevated', 'member']);
        const { identityId } = request.params;
        if (caller.kind === 'member' && caller.subjectId !== identityId) {
          throw applicationError(403, 'PERMISSION_DENIED', 'a member may only enroll factors for themself');
        }
        return enrollFactor(ctx, identityId, request.body.factorType);
      },
    );
    // Member roles (CMS_EDITOR, the data collections' permission level): read, and replace.
    on.get(
      belowAdmin(MEMBERS_API.roles),
      { params: MemberParams, querystring: NoQuery },
      (request): Promise<MemberRolesResponse> => getMemberRoles(ctx.db, request.params.identityId),
    );
    for (const method of ['POST', 'PUT'] as const) {
      app.route({
        method,
        url: adminPath(MEMBERS_API.setRoles),
        schema: { params: MemberParams, body: MemberRolesRequest },
        handler: async (request): Promise<MemberRolesResponse> => {
          await requireCaller(request, ctx, ['elevated']);
          return setMemberRoles(ctx.db, request.params.identityId, request.body.roles);
        },
      });
    }
  };
}
