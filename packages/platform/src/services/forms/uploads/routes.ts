import { FORM_UPLOAD_ROUTES, FORMS_ERROR_CODES, FORMS_LIMITS } from '@atrium/contract';
import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { logError, sendError, toApiError } from '../../../errors.js';
import { fastifyPath } from '../../../http/index.js';
import type { FormsContext } from '../context.js';
import { formsError } from '../errors.js';
import { receiveUpload, uploadAllowance } from './service.js';

const TokenParams = Type.Object({ token: Type.String() });

/**
 * The upload endpoint of media upload URLs (FORM_UPLOAD_ROUTES.upload): the raw bytes of one file,
 * PUT (or POST) with any content type. A body over the form's limit is refused from its declared
 * length before it is read, and in any case at FORMS_LIMITS.maxUploadBytes (413 FILE_SIZE_OVER_LIMIT).
 * CORS is the server's (any origin): the URL itself is the credential.
 */
export function uploadRoutes(ctx: FormsContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    // Every body here is a file: none is parsed (a JSON file stays bytes).
    app.removeAllContentTypeParsers();
    app.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: FORMS_LIMITS.maxUploadBytes },
      (_request, body, done) => done(null, body),
    );
    app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
      const tooLarge = (error as FastifyError | undefined)?.code === 'FST_ERR_CTP_BODY_TOO_LARGE';
      const apiError = tooLarge
        ? formsError(
            413,
            FORMS_ERROR_CODES.fileSizeOverLimit,
            `The file is larger than ${FORMS_LIMITS.maxUploadBytes} bytes.`,
          )
        : toApiError(error, request.id);
      logError(ctx.logger, request, apiError, error);
      return sendError(reply, apiError);
    });

    const url = fastifyPath(FORM_UPLOAD_ROUTES.upload);
    app.route({
      method: ['PUT', 'POST'],
      url,
      schema: { params: TokenParams },
      onRequest: async (request) => {
        const { token } = request.params as { token: string };
        const { maxBytes } = await uploadAllowance(ctx, token);
        const declared = Number(request.headers['content-length']);
        if (Number.isFinite(declared) && declared > maxBytes) {
          throw formsError(
            413,
            FORMS_ERROR_CODES.fileSizeOverLimit,
            `The file is larger than ${maxBytes} bytes, the most this form takes.`,
          );
        }
      },
      handler: async (request) => {
        const { token } = request.params as { token: string };
        const body = request.body;
        const bytes = Buffer.isBuffer(body)
          ? new Uint8Array(body.buffer, body.byteOffset, body.byteLength)
          : new Uint8Array();
        return receiveUpload(ctx, token, request.headers['content-type'], bytes, request.publicOrigin);
      },
    });
  };
}
