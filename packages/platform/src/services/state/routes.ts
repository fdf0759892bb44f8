import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  type ImportStateResponse,
  type ResetStateResponse,
  relativePath,
  STATE_API,
} from '@atrium/contract/admin';
import { ADMIN_PREFIX } from '@atrium/contract/routes';
import {
  type FastifyPluginAsyncTypebox,
  Type,
  type TypeBoxTypeProvider,
} from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { applicationError } from '../../errors.js';
import { elevatedOnly, requireCaller, staffCookieOf } from '../../http/callers.js';
import { NoQuery } from '../../http/schemas.js';
import type { LocalMediaStore } from '../../media/store.js';
import type { CallerAuthority } from '../../oauth/caller.js';
import { sha256Hex } from '../../secrets.js';
import { ArchiveError } from './archive.js';
import { exportState } from './export.js';
import { importState } from './import.js';
import { resetState } from './reset.js';
import { NotEmptyError, type StateSummary } from './service.js';

/**
 * The console's Save and restore (the local platform's own admin routes, under ADMIN_PREFIX,
 * elevated callers only): the state archive (archive.ts) downloaded, uploaded, or the state reset.
 * The API key or console session that makes an import or a reset is kept, so that the console is
 * not locked out; the
 * running process keeps the site id and signing keys it read at start until it is restarted.
 */
export const STATE_ROUTES = {
  export: relativePath(STATE_API.export.path, ADMIN_PREFIX),
  import: relativePath(STATE_API.import.path, ADMIN_PREFIX),
  reset: relativePath(STATE_API.reset.path, ADMIN_PREFIX),
} as const;

/** The largest archive the console takes (the CLI has no limit). */
export const MAX_IMPORT_BYTES = 2 * 1024 * 1024 * 1024;
const ARCHIVE_TYPES = ['application/gzip', 'application/x-gzip', 'application/octet-stream'];

const ImportQuery = Type.Object({ replace: Type.Optional(Type.Boolean()) });
const ResetRequest = Type.Object({
  confirm: Type.Literal('reset', {
    description: 'The word "reset": the caller confirms deleting every row and file.',
  }),
});

export interface StateContext extends CallerAuthority {
  readonly media: LocalMediaStore;
}

const keyHashOf = (request: FastifyRequest): string | undefined => {
  const key = request.headers.authorization?.replace(/^bearer\s+/i, '').trim();
  return key ? sha256Hex(key) : undefined;
};

/** What the caller's credential keeps: its API key, or its console session (the cookie's token). */
const keptCredential = (request: FastifyRequest) => {
  const keepApiKeyHash = keyHashOf(request);
  if (keepApiKeyHash) return { keepApiKeyHash };
  const session = staffCookieOf(request.headers.cookie);
  return session ? { keepStaffSessionHash: sha256Hex(session) } : {};
};

const summaryOf = (summary: StateSummary): ImportStateResponse['imported'] => ({
  ...summary,
  restartRequired: true,
});

export function stateRoutes(ctx: StateContext): FastifyPluginAsyncTypebox {
  const elevated = elevatedOnly(ctx);
  return async (app) => {
    app.get(STATE_ROUTES.export, { schema: { querystring: NoQuery } }, async (request, reply) => {
      await requireCaller(request, ctx, ['elevated']);
      const dir = await mkdtemp(join(tmpdir(), 'atrium-state-export-'));
      try {
        const file = join(dir, 'state.tar.gz');
        await exportState(ctx.db, ctx.media.dir, file);
        const stream = createReadStream(file);
        const cleanup = () => void rm(dir, { recursive: true, force: true });
        stream.once('close', cleanup);
        const day = new Date().toISOString().slice(0, 10);
        return reply
          .header('content-type', 'application/gzip')
          .header('content-disposition', `attachment; filename="atrium-state-${day}.tar.gz"`)
          .header('cache-control', 'no-store')
          .send(stream);
      } catch (error) {
        await rm(dir, { recursive: true, force: true });
        throw error;
      }
    });

    app.post(
      STATE_ROUTES.reset,
      { schema: { body: ResetRequest }, preHandler: elevated },
      async (request): Promise<ResetStateResponse> => ({
        reset: await resetState(ctx.db, ctx.media.dir, keptCredential(request)),
        restartRequired: true,
      }),
    );

    await app.register(async (plugin) => {
      const scope = plugin.withTypeProvider<TypeBoxTypeProvider>();
      // The body is the archive, streamed to a temporary file (never held in memory).
      scope.addContentTypeParser(ARCHIVE_TYPES, (_request, payload, done) => done(null, payload));
      scope.post(
        STATE_ROUTES.import,
        { schema: { querystring: ImportQuery } },
        async (request): Promise<ImportStateResponse> => {
          await requireCaller(request, ctx, ['elevated']);
          const body = request.body as Readable | null | undefined;
          if (body === undefined || body === null || typeof body.pipe !== 'function') {
            throw applicationError(
              415,
              'UNSUPPORTED_MEDIA_TYPE',
              'send the archive itself as the body, with Content-Type: application/gzip',
            );
          }
          const declared = Number(request.headers['content-length'] ?? 0);
          if (declared > MAX_IMPORT_BYTES) throw tooLarge();
          const dir = await mkdtemp(join(tmpdir(), 'atrium-state-import-'));
          try {
            const file = join(dir, 'state.tar.gz');
            let received = 0;
            await pipeline(
              body,
              async function* (source: AsyncIterable<Buffer>) {
                for await (const chunk of source) {
                  received += chunk.length;
                  if (received > MAX_IMPORT_BYTES) throw tooLarge();
                  yield chunk;
                }
              },
              createWriteStream(file),
            );
            if (received === 0) throw invalidArchive('the body is empty: send the archive made by export');
            const summary = await importState(ctx.db, ctx.media.dir, file, {
              replace: request.query.replace === true,
              ...keptCredential(request),
            });
            return { imported: summaryOf(summary) };
          } catch (error) {
            if (error instanceof NotEmptyError)
              throw applicationError(
                409,
                'PLATFORM_NOT_EMPTY',
                error.message.replace('give --replace', 'set replace=true'),
              );
            if (error instanceof ArchiveError) throw invalidArchive(error.message);
            throw error;
          } finally {
            await rm(dir, { recursive: true, force: true });
          }
        },
      );
    });
  };
}

const tooLarge = () =>
  applicationError(
    413,
    'PAYLOAD_TOO_LARGE',
    `the archive is larger than ${MAX_IMPORT_BYTES / 1024 ** 3} GiB`,
  );
const invalidArchive = (description: string) => applicationError(400, 'INVALID_ARCHIVE', description);
