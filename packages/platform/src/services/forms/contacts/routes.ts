import { SUBMISSION_CONTACTS_ROUTES, UpsertContactFromSubmissionRequest } from '@atrium/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callerOf, fastifyPath } from '../../../http/index.js';
import type { FormsContext } from '../context.js';
import { JSON_BODY } from '../route-kit.js';
import { upsertContactFromSubmission } from './service.js';

/** The submission→contact mapping (docs/wire.md §8), registered under SUBMISSION_CONTACTS_PREFIX. */
export function contactRoutes(ctx: FormsContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      fastifyPath(SUBMISSION_CONTACTS_ROUTES.upsertContact),
      { ...JSON_BODY, schema: { body: UpsertContactFromSubmissionRequest } },
      async (request) => upsertContactFromSubmission(ctx, await callerOf(request, ctx), request.body),
    );
  };
}
