import { FORM_SCHEMAS_PREFIX, FORM_SUBMISSIONS_PREFIX, SUBMISSION_CONTACTS_PREFIX } from '@atrium/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { registerService } from '../../http/index.js';
import { contactRoutes } from './contacts/routes.js';
import type { FormsContext } from './context.js';
import { formSchemaRoutes } from './schemas/routes.js';
import { submissionRoutes } from './submissions/routes.js';
import { uploadRoutes } from './uploads/routes.js';

/**
 * The forms services: form schemas (docs/wire.md §14) under `/form-schema-service`, submissions and
 * the contact mapping (docs/wire.md §8) under their prefixes and aliases (registerService), and the
 * upload endpoint of media upload URLs (no prefix: the URL is the credential).
 */
export function formsRoutes(ctx: FormsContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    await registerService(app, FORM_SCHEMAS_PREFIX, formSchemaRoutes(ctx));
    await registerService(app, FORM_SUBMISSIONS_PREFIX, submissionRoutes(ctx));
    await registerService(app, SUBMISSION_CONTACTS_PREFIX, contactRoutes(ctx));
    await app.register(uploadRoutes(ctx));
  };
}
