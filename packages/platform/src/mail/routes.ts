import { DEV_ROUTES } from '@atrium/contract';
import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import type { Db } from '../storage/database.js';
import { readMailbox } from './outbox.js';

const MailboxQuery = Type.Object({
  to: Type.String({ minLength: 1, description: 'The recipient address (case-insensitive).' }),
});

/** `GET /_dev/mailbox?to=ADDRESS`: the local platform's outbox as JSON (MailboxResponse). */
export function mailboxRoutes(ctx: { readonly db: Db }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(DEV_ROUTES.mailbox, { schema: { querystring: MailboxQuery } }, async (request) => ({
      messages: await readMailbox(ctx.db, request.query.to),
    }));
  };
}
