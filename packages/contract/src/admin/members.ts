import type { MemberRolesRequest, MemberRolesResponse } from '../data-collection-types.js';
import type { IdentityStatusName } from '../identity-types.js';
import type * as Wire from '../platform-types.js';
import { DATA_ADMIN_ROUTES } from '../routes/data.js';
import { ADMIN_PREFIX, ADMIN_ROUTES } from '../routes/platform.js';
import { endpoint } from './endpoint.js';

export type { MemberRolesRequest, MemberRolesResponse } from '../data-collection-types.js';
export type {
  CreateMemberRequest,
  CreateMemberResponse,
  EndMemberSessionsResponse,
  EnrollFactorRequest,
  EnrollFactorResponse,
  ListMembersResponse,
  MemberDetails,
  MemberEmailKind,
  MemberEmailResponse,
  MemberResponse,
  MemberSessionInfo,
  MemberSessionsResponse,
  SitePolicy,
} from '../platform-types.js';

/**
 * The site's members as the owner manages them (platform services/admin/): the list, adding,
 * approving, blocking and deleting, their mails, sessions and roles, and the registration policy.
 * The paths are ADMIN_ROUTES' (the SDK's too), under ADMIN_PREFIX.
 */

/** The member list's filter and page. */
export interface MemberListQuery {
  status?: IdentityStatusName;
  /** Part of the e-mail address, any case. */
  search?: string;
  limit?: number;
  offset?: number;
}

export interface MemberEmailBody {
  kind: Wire.MemberEmailKind;
}

const admin = <Path extends string>(path: Path) => `${ADMIN_PREFIX}${path}` as const;

export const MEMBERS_API = {
  /** GET: a page of members (with `total` and each one's `details`). */
  list: endpoint<Wire.ListMembersResponse, undefined, MemberListQuery>()(
    'GET',
    admin(ADMIN_ROUTES.listMembers),
  ),
  /** POST: a member the owner vouches for (active at once), or invited by mail. */
  create: endpoint<Wire.CreateMemberResponse, Wire.CreateMemberRequest>()(
    'POST',
    admin(ADMIN_ROUTES.createMember),
  ),
  /** DELETE: the member is deleted, their sessions end, their content passes to the site. */
  delete: endpoint<Wire.MemberResponse>()('DELETE', admin(ADMIN_ROUTES.member)),
  approve: endpoint<Wire.MemberResponse>()('POST', admin(ADMIN_ROUTES.approveMember)),
  /** POST: blocked; every session ends at once. */
  block: endpoint<Wire.MemberResponse>()('POST', admin(ADMIN_ROUTES.blockMember)),
  /** POST: active again (their ended sessions stay ended). */
  unblock: endpoint<Wire.MemberResponse>()('POST', admin(ADMIN_ROUTES.unblockMember)),
  /** POST: a password reset, a sign-in link or an invitation mailed to the member. */
  sendEmail: endpoint<Wire.MemberEmailResponse, MemberEmailBody>()('POST', admin(ADMIN_ROUTES.memberEmail)),
  /** GET: the member's live sessions. */
  sessions: endpoint<Wire.MemberSessionsResponse>()('GET', admin(ADMIN_ROUTES.memberSessions)),
  /** DELETE: every session ended. */
  endSessions: endpoint<Wire.EndMemberSessionsResponse>()('DELETE', admin(ADMIN_ROUTES.memberSessions)),
  /** DELETE: that session's refresh token revoked, its access tokens refused. */
  endSession: endpoint<Wire.EndMemberSessionsResponse>()('DELETE', admin(ADMIN_ROUTES.memberSession)),
  /** POST: a second factor enrolled (the member themself, or an elevated caller). */
  enrollFactor: endpoint<Wire.EnrollFactorResponse, Wire.EnrollFactorRequest>()(
    'POST',
    admin(ADMIN_ROUTES.enrollFactor),
  ),
  /** GET: the registration policy and the captcha. */
  policy: endpoint<Wire.SitePolicy>()('GET', admin(ADMIN_ROUTES.sitePolicy)),
  /** PUT: the policy replaced; answers it as saved. */
  savePolicy: endpoint<Wire.SitePolicy, Wire.SitePolicy>()('PUT', admin(ADMIN_ROUTES.sitePolicy)),
  /** GET: the member's data collection roles (CMS_EDITOR). */
  roles: endpoint<MemberRolesResponse>()('GET', admin(DATA_ADMIN_ROUTES.memberRoles)),
  /** PUT: the member's roles replaced. */
  setRoles: endpoint<MemberRolesResponse, MemberRolesRequest>()('PUT', admin(DATA_ADMIN_ROUTES.memberRoles)),
} as const;
