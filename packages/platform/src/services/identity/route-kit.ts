import type { FastifyPluginAsyncTypebox, Static, TSchema } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type CallerRule, requireCaller } from '../../http/callers.js';
import { fastifyPath } from '../../http/routing.js';
import type { Caller, CallerAuthority, CallerKind } from '../../oauth/caller.js';
import { PasswordHashingBusyError } from '../../security/password.js';
import { AccountLockedError, TooManyEmailsError } from './errors.js';

/** What the identity routes and the routes that sign members in or mail them share. */

/**
 * A 429 (a locked account, too many e-mails, every password-hashing turn taken) carries
 * `Retry-After` (RFC 9110 §10.2.3) in seconds.
 */
export async function withRetryAfter<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (
      error instanceof AccountLockedError ||
      error instanceof TooManyEmailsError ||
      error instanceof PasswordHashingBusyError
    ) {
      reply.header('retry-after', String(error.retryAfterSeconds));
    }
    throw error;
  }
}

type TypeboxApp = Parameters<FastifyPluginAsyncTypebox>[0];

/**
 * Declares POST routes of `app` that may answer 429: each reads a `body` of its schema from a
 * caller `rule` admits and answers `handle`'s result, with Retry-After on a 429 (withRetryAfter).
 */
export const limitedPost =
  (app: TypeboxApp, authority: CallerAuthority) =>
  <B extends TSchema, Kind extends CallerKind>(
    route: string,
    body: B,
    rule: CallerRule<Kind>,
    handle: (
      body: Static<B>,
      caller: Extract<Caller, { kind: Kind }>,
      request: FastifyRequest,
    ) => Promise<unknown>,
  ): void => {
    app.post(fastifyPath(route), { schema: { body } }, async (request, reply) => {
      const caller = await requireCaller(request, authority, rule);
      // Fastify has checked the body against `body`.
      return withRetryAfter(reply, () => handle(request.body as Static<B>, caller, request));
    });
  };
