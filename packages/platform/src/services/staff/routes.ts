import {
  relativePath,
  STAFF_API,
  type StaffAnswer,
  type StaffInviteAnswer,
  type StaffListAnswer,
  type StaffSessionAnswer,
  type StaffSignInAnswer,
} from '@atrium/contract/admin';
import { ADMIN_PREFIX } from '@atrium/contract/routes';
import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { applicationError } from '../../errors.js';
import { staffCookieOf } from '../../http/callers.js';
import { elevatedRouter } from '../../http/elevated-routes.js';
import { acceptFormBodies } from '../../http/form-body.js';
import { fastifyPath as path } from '../../http/routing.js';
import { NoBody, NoQuery } from '../../http/schemas.js';
import type { CallerAuthority } from '../../oauth/caller.js';
import { escapeHtml, plainDocument } from '../../pages/html.js';
import { inviteByMail, mailResetLink, SIGN_IN_PAGE } from './mail.js';
import { type StaffPasswordContext, setOwnPassword, signInWithPassword } from './passwords.js';
import { STAFF_ROLES } from './permissions.js';
import {
  CSRF_HEADER,
  csrfMatches,
  csrfTokenOf,
  endSession,
  listStaff,
  redeemLink,
  STAFF_COOKIE,
  sessionOf,
  updateStaff,
} from './service.js';

// platform.ts prints the owner's sign-in link with it.
export { signInUrl } from './mail.js';

/** The staff API's paths below ADMIN_PREFIX, from the contract (STAFF_API declares each once). */
const below = (endpoint: { path: string }) => relativePath(endpoint.path, ADMIN_PREFIX);
export const STAFF_ROUTES = {
  session: below(STAFF_API.session),
  signOut: below(STAFF_API.signOut),
  staff: below(STAFF_API.list),
  member: below(STAFF_API.update),
  signIn: below(STAFF_API.signIn),
  passwordReset: below(STAFF_API.passwordReset),
  password: below(STAFF_API.password),
} as const;

const Role = Type.Union(STAFF_ROLES.map((role) => Type.Literal(role)));
const InviteRequest = Type.Object({
  email: Type.String({ format: 'email', maxLength: 254 }),
  role: Role,
});
const UpdateRequest = Type.Object(
  { role: Type.Optional(Role), blocked: Type.Optional(Type.Boolean()) },
  { minProperties: 1 },
);
const StaffParams = Type.Object({ staffId: Type.String({ format: 'uuid' }) });
const SignInRequest = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 254 }),
  password: Type.String({ minLength: 1, maxLength: 200 }),
});
const ResetRequest = Type.Object({ email: Type.String({ minLength: 1, maxLength: 254 }) });
const PasswordRequest = Type.Object({
  currentPassword: Type.Optional(Type.String({ maxLength: 200 })),
  newPassword: Type.String({ maxLength: 200 }),
});
const TokenQuery = Type.Object({ token: Type.Optional(Type.String({ maxLength: 200 })) });
const TokenForm = Type.Object({ token: Type.String({ maxLength: 200 }) });

export interface StaffContext extends CallerAuthority, StaffPasswordContext {
  /** The platform's public URL (links in e-mails), read per request. */
  readonly publicUrl: string;
}

/** `Secure` when the console is served over https (a local http platform would never get it back). */
function sessionCookie(ctx: StaffContext, value: string, maxAgeSeconds: number): string {
  const secure = ctx.publicUrl.startsWith('https:') ? '; Secure' : '';
  return `${STAFF_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${secure}`;
}

const fromOtherSite = (request: FastifyRequest): boolean => {
  const site = request.headers['sec-fetch-site'];
  return site !== undefined && site !== 'same-origin' && site !== 'none';
};

export function staffRoutes(ctx: StaffContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      path(STAFF_ROUTES.session),
      { schema: { querystring: NoQuery } },
      async (request, reply): Promise<StaffSessionAnswer> => {
        // The CSRF token is handed to the console's own pages only.
        if (fromOtherSite(request)) {
          throw applicationError(403, 'PERMISSION_DENIED', 'the console session is read by the console only');
        }
        const token = staffCookieOf(request.headers.cookie);
        const session = token === undefined ? undefined : await sessionOf(ctx.db, token);
        if (token === undefined || session === undefined) {
          throw applicationError(401, 'UNAUTHENTICATED', 'no console session: sign in');
        }
        reply.header('cache-control', 'no-store');
        return { staff: session.staff, csrfToken: csrfTokenOf(token), startedBy: session.startedBy };
      },
    );

    app.post(path(STAFF_ROUTES.signOut), { schema: { body: NoBody } }, async (request, reply) => {
      const token = sessionTokenWithCsrf(request, 'signing out');
      await endSession(ctx.db, token);
      reply.header('set-cookie', sessionCookie(ctx, '', 0));
      return reply.code(204).send();
    });

    app.post(
      path(STAFF_ROUTES.signIn),
      { schema: { body: SignInRequest } },
      async (request, reply): Promise<StaffSignInAnswer> => {
        if (fromOtherSite(request)) {
          throw applicationError(
            403,
            'PERMISSION_DENIED',
            'the console is signed in to from the console only',
          );
        }
        const session = await signInWithPassword(ctx, request.body);
        const seconds = Math.floor((session.expiresAt.getTime() - Date.now()) / 1000);
        reply.header('set-cookie', sessionCookie(ctx, session.sessionToken, seconds));
        reply.header('cache-control', 'no-store');
        return { staff: session.staff, csrfToken: session.csrfToken };
      },
    );

    app.post(path(STAFF_ROUTES.passwordReset), { schema: { body: ResetRequest } }, async (request, reply) => {
      if (fromOtherSite(request)) {
        throw applicationError(403, 'PERMISSION_DENIED', 'a reset is asked for from the console only');
      }
      await mailResetLink(ctx, request.body.email);
      return reply.code(204).send();
    });

    app.post(
      path(STAFF_ROUTES.password),
      { schema: { body: PasswordRequest } },
      async (request): Promise<StaffAnswer> => {
        const token = sessionTokenWithCsrf(request, 'setting a password');
        return { staff: await setOwnPassword(ctx, token, request.body) };
      },
    );

    const on = elevatedRouter(app, ctx);
    on.get(
      STAFF_ROUTES.staff,
      { querystring: NoQuery },
      async (): Promise<StaffListAnswer> => ({ staff: await listStaff(ctx.db) }),
    );
    on.post(
      STAFF_ROUTES.staff,
      { body: InviteRequest },
      (request): Promise<StaffInviteAnswer> => inviteByMail(ctx, request.body),
    );
    on.patch(
      STAFF_ROUTES.member,
      { params: StaffParams, body: UpdateRequest },
      async (request): Promise<StaffAnswer> => ({
        staff: await updateStaff(ctx.db, request.params.staffId, request.body),
      }),
    );
  };
}

/** The session cookie's token of a request that carries its CSRF token; else 403. */
function sessionTokenWithCsrf(request: FastifyRequest, what: string): string {
  const token = staffCookieOf(request.headers.cookie);
  const csrf = request.headers[CSRF_HEADER];
  if (token === undefined || typeof csrf !== 'string' || !csrfMatches(token, csrf)) {
    throw applicationError(403, 'PERMISSION_DENIED', `${what} needs the console session and its CSRF token`);
  }
  return token;
}

/** The sign-in link page, registered at the root (its form posts back to it). */
export function staffSignInPageRoutes(ctx: StaffContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    acceptFormBodies(app);

    app.get(SIGN_IN_PAGE, { schema: { querystring: TokenQuery } }, async (request, reply) => {
      const token = request.query.token ?? '';
      const body = token
        ? `<h1>Sign in to the console</h1>
<p>This link signs you in once. Continue to open the console.</p>
<form method="post" action="${SIGN_IN_PAGE}">
  <input type="hidden" name="token" value="${escapeHtml(token)}">
  <button type="submit">Continue to the console</button>
</form>`
        : '<h1>Sign in to the console</h1><p>Open the sign-in link printed by <code>npm start</code>, or the one in your invitation.</p>';
      return page(reply, 200, 'Sign in', body);
    });

    app.post(SIGN_IN_PAGE, { schema: { body: TokenForm } }, async (request, reply) => {
      if (fromOtherSite(request)) {
        return page(
          reply,
          403,
          'Sign in',
          '<h1>Sign in from the link itself</h1><p>This form only works on its own page.</p>',
        );
      }
      let session: Awaited<ReturnType<typeof redeemLink>>;
      try {
        session = await redeemLink(ctx.db, request.body.token);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        return page(
          reply,
          401,
          'Sign in',
          `<h1>This link does not sign in</h1><p>${escapeHtml(message)}.</p>`,
        );
      }
      const seconds = Math.floor((session.expiresAt.getTime() - Date.now()) / 1000);
      return (
        reply
          .header('set-cookie', sessionCookie(ctx, session.sessionToken, seconds))
          .header('cache-control', 'no-store')
          // An invitation or a reset lands on the account page, where a password is chosen.
          .redirect(session.purpose === 'SIGN_IN' ? '/_hosted/console/' : '/_hosted/console/account', 303)
      );
    });
  };
}

function page(reply: FastifyReply, status: number, title: string, body: string) {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
    )
    .send(plainDocument(title, body));
}
