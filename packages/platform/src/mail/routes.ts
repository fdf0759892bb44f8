import { DEV_ROUTES, HOSTED_ROUTES } from '@atrium/contract';
import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { NoQuery } from '../http/schemas.js';
import { loadHostedPages } from '../pages/hosted-pages.js';
import { sendHostedPage } from '../pages/routes.js';
import type { Db } from '../storage/database.js';
import { readMailbox } from './store.js';

const MailboxQuery = Type.Object({
  to: Type.String({ minLength: 1, description: 'The recipient address (case-insensitive).' }),
});

export interface MailboxContext {
  readonly db: Db;
  /** Off: neither route exists (404 in the error shape): the outbox holds reset links and codes. */
  readonly devMailbox: boolean;
}

/**
 * The development mailbox, served only in development (PlatformOptions.devMailbox): `GET
 * /_dev/mailbox?to=ADDRESS`, the local platform's outbox as JSON (MailboxResponse), and the hosted
 * page over it, `/_hosted/mailbox`.
 */
export function mailboxRoutes(ctx: MailboxContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    if (!ctx.devMailbox) return;
    app.get(DEV_ROUTES.mailbox, { schema: { querystring: MailboxQuery } }, async (request) => ({
      messages: await readMailbox(ctx.db, request.query.to),
    }));
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
