import { DEV_ROUTES, HOSTED_ROUTES } from '@atrium/contract';
import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { NoQuery } from '../http/schemas.js';
import { loadHostedPages } from '../pages/hosted-pages.js';
import { sendHostedPage } from '../pages/routes.js';
import type { Db } from '../storage/database.js';
import { mailbox } from './service.js';

const MailboxQuery = Type.Object({
  to: Type.Optional(
    Type.String({ minLength: 1, maxLength: 320, description: 'The recipient address (case-insensitive).' }),
  ),
  q: Type.Optional(
    Type.String({
      maxLength: 320,
      description: 'Part of the address or of the subject (case-insensitive); empty for no filter.',
    }),
  ),
});

export interface MailboxContext {
  readonly db: Db;
  /** Off: neither route exists (404 in the error shape): the outbox holds reset links and codes. */
  readonly devMailbox: boolean;
}

/**
 * The development mailbox, served only in development (PlatformOptions.devMailbox): `GET
 * /_dev/mailbox[?to=ADDRESS][&q=TEXT]`, the local platform's outbox as JSON (MailboxResponse): the
 * recent mail of every address, newest first, or one address's, or those matching a filter; and
 * the hosted page over it, `/_hosted/mailbox`.
 */
export function mailboxRoutes(ctx: MailboxContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    if (!ctx.devMailbox) return;
    app.get(DEV_ROUTES.mailbox, { schema: { querystring: MailboxQuery } }, (request) =>
      mailbox(ctx.db, request.query),
    );
    const pages = await loadHostedPages();
    app.get(HOSTED_ROUTES.mailbox, { schema: { querystring: NoQuery } }, async (_request, reply) =>
      sendHostedPage(
        reply,
        pages.render({
          title: 'Mailbox',
          summaryHtml: '<h1>Mailbox</h1><p>The messages the local platform has sent.</p>',
        }),
      ),
    );
  };
}
