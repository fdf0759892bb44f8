import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { MEDIA_ERROR_CODES, MEDIA_LIBRARY_LIMITS, MEDIA_LIMITS, MEDIA_ROUTES } from '@atrium/contract';
import type {
  DeleteMediaFileResponse,
  ListMediaFilesResponse,
  UploadMediaResponse,
} from '@atrium/contract/types';
import {
  type FastifyPluginAsyncTypebox,
  Type,
  type TypeBoxTypeProvider,
} from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { httpError } from '../errors.js';
import { elevatedOnly, requireCaller } from '../http/callers.js';
import { fastifyPath } from '../http/routing.js';
import { NoQuery } from '../http/schemas.js';
import type { CallerAuthority } from '../oauth/caller.js';
import type { Db } from '../storage/database.js';
import { deleteMediaFile, listMediaLibrary, uploadMediaFile } from './library.js';
import { mediaError } from './probe.js';
import type { LocalMediaStore } from './store.js';
import { parseTransform } from './transform.js';
import type { MediaFile } from './types.js';
import { imageVariant } from './variants.js';

export interface MediaRoutesContext extends CallerAuthority {
  readonly db: Db;
  readonly media: LocalMediaStore;
}

const IdParams = Type.Object({ id: Type.String() });
const NamedParams = Type.Object({ id: Type.String(), name: Type.String() });
const UploadQuery = Type.Object({ filename: Type.Optional(Type.String()) });
const LibraryQuery = Type.Object({
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MEDIA_LIBRARY_LIMITS.maxPageSize })),
});

/** Ids are random and never reused: whatever a media URL answers, it answers forever. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The media files over HTTP, in the URL forms of the hosted platform's media host: originals at
 * `/media/<id>` (and `/media/<id>/<name>`), resized images at `/media/<id>/v1/fill|fit|crop/…/<name>`;
 * and the elevated upload that adds a file to the store.
 */
export function mediaRoutes(ctx: MediaRoutesContext): FastifyPluginAsyncTypebox {
  const elevated = elevatedOnly(ctx);
  return async (app) => {
    const fileOf = async (id: string): Promise<MediaFile> => {
      const file = await ctx.media.get(id);
      if (!file) throw mediaError(404, MEDIA_ERROR_CODES.notFound, `no media file ${id}`, { id });
      return file;
    };
    const base = fastifyPath(MEDIA_ROUTES.file);

    app.get(base, { schema: { params: IdParams, querystring: NoQuery } }, async (request, reply) =>
      sendOriginal(ctx.media, await fileOf(request.params.id), request, reply),
    );
    app.get(
      `${base}/:name`,
      { schema: { params: NamedParams, querystring: NoQuery } },
      async (request, reply) => sendOriginal(ctx.media, await fileOf(request.params.id), request, reply),
    );
    // No params schema: TypeBox cannot name the wildcard parameter `*`.
    app.get(`${base}/v1/*`, { schema: { querystring: NoQuery } }, async (request, reply) => {
      const params = request.params as { id: string; '*': string };
      const file = await fileOf(params.id);
      const transform = parseTransform(`v1/${params['*']}`);
      const variant = await imageVariant(ctx.media, file, transform);
      const etag = `"${file.id}:${variant.key}"`;
      cacheHeaders(reply, file, etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply
        .type(variant.contentType)
        .header('content-length', variant.bytes.length)
        .send(Buffer.from(variant.bytes));
    });

    // The media library: every file with where it is used; a delete refuses a file in use (409).
    app.get(
      MEDIA_ROUTES.upload,
      { schema: { querystring: LibraryQuery }, preHandler: elevated },
      (request): Promise<ListMediaFilesResponse> =>
        listMediaLibrary(ctx, request.publicOrigin, {
          offset: request.query.offset ?? 0,
          limit: request.query.limit ?? MEDIA_LIBRARY_LIMITS.defaultPageSize,
        }),
    );
    app.delete(
      fastifyPath(MEDIA_ROUTES.libraryFile),
      { schema: { params: IdParams, querystring: NoQuery }, preHandler: elevated },
      (request): Promise<DeleteMediaFileResponse> => deleteMediaFile(ctx, request.params.id),
    );

    await app.register(async (scope) => {
      const upload = scope.withTypeProvider<TypeBoxTypeProvider>();
      // The upload's body is the file itself, whatever its type; the store checks the bytes.
      upload.addContentTypeParser(
        '*',
        { parseAs: 'buffer', bodyLimit: MEDIA_LIMITS.maxUploadBytes },
        (_request, body, done) => done(null, body),
      );
      upload.post(
        MEDIA_ROUTES.upload,
        { schema: { querystring: UploadQuery }, bodyLimit: MEDIA_LIMITS.maxUploadBytes },
        async (request): Promise<UploadMediaResponse> => {
          await requireCaller(request, ctx, ['elevated']);
          if (!Buffer.isBuffer(request.body)) {
            throw mediaError(
              415,
              MEDIA_ERROR_CODES.unsupportedType,
              'send the file itself as the body, with its Content-Type (JSON is not a media type)',
            );
          }
          return uploadMediaFile(ctx.media, request.publicOrigin, {
            bytes: new Uint8Array(request.body.buffer, request.body.byteOffset, request.body.byteLength),
            filename: request.query.filename ?? 'file',
            contentType: request.headers['content-type'] ?? '',
            owner: 'api-key',
          });
        },
      );
    });
  };
}

function cacheHeaders(reply: FastifyReply, file: MediaFile, etag: string): void {
  reply
    .header('cache-control', IMMUTABLE)
    .header('etag', etag)
    .header('x-content-type-options', 'nosniff')
    .header('cross-origin-resource-policy', 'cross-origin')
    .header(
      'content-disposition',
      `${file.kind === 'file' ? 'attachment' : 'inline'}; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
    );
  // A document is never run as a page of the platform's origin.
  if (file.kind === 'file') reply.header('content-security-policy', "default-src 'none'; sandbox");
}

/** The original bytes, streamed, with single byte ranges (video players seek with them). */
async function sendOriginal(
  store: LocalMediaStore,
  file: MediaFile,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const path = store.pathOf(file.id)!;
  const size = await stat(path).then(
    (stats) => stats.size,
    () => undefined,
  );
  if (size === undefined) throw mediaError(404, MEDIA_ERROR_CODES.notFound, `no media file ${file.id}`);
  const etag = `"${file.id}"`;
  cacheHeaders(reply, file, etag);
  reply.header('accept-ranges', 'bytes').type(file.contentType);
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  const range = parseRange(request.headers.range, size);
  if (range === 'unsatisfiable') {
    reply.header('content-range', `bytes */${size}`);
    throw httpError(416, `the range ${request.headers.range} is outside the file's ${size} bytes`, {
      requestId: request.id,
    });
  }
  if (range === undefined) {
    return reply.header('content-length', size).send(createReadStream(path));
  }
  return reply
    .code(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
    .header('content-length', range.end - range.start + 1)
    .send(createReadStream(path, range));
}

/** `bytes=a-b`, `bytes=a-`, `bytes=-n`; several ranges are answered whole (undefined). */
function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | undefined {
  const match = header?.match(/^bytes=(\d*)-(\d*)$/);
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  return start > end || start >= size ? 'unsatisfiable' : { start, end };
}
