import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { HOSTED_ROUTES } from '@atrium/contract';
import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { httpError } from '../errors.js';
import { NoQuery } from '../http/schemas.js';
import type { HostedPageContent, HostedPages, HostedSite, RenderedPage } from './hosted-pages.js';

/** Every hosted HTML answer: never cached, never sniffed, and no referrer (URLs may carry tokens). */
export function sendHostedPage(reply: FastifyReply, page: RenderedPage, status = page.status): FastifyReply {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('content-security-policy', page.csp)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-content-type-options', 'nosniff')
    .send(page.html);
}

/** The pages that are not a redirect session's: the owner's console, password reset (the mailbox: mail/routes.ts). */
const STANDALONE_PAGES: readonly (HostedPageContent & { path: string })[] = [
  {
    path: HOSTED_ROUTES.console,
    title: 'Console',
    summaryHtml: '<h1>Console</h1><p>The site owner’s console: members, the blog and its editor.</p>',
  },
  {
    path: HOSTED_ROUTES.resetPassword,
    title: 'Reset password',
    summaryHtml: '<h1>Reset your password</h1>',
  },
];

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};
/** Vite's asset names: a flat directory of `name-hash.ext` files. */
const ASSET_NAME = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*$/;

/** The site a page names (services/settings/), read per request; none: the pages say "Atrium". */
export type HostedSiteSource = () => Promise<HostedSite>;

export function hostedPagesRoutes(pages: HostedPages, siteOf?: HostedSiteSource): FastifyPluginAsyncTypebox {
  return async (app) => {
    for (const { path, ...content } of STANDALONE_PAGES) {
      app.get(path, { schema: { querystring: NoQuery } }, async (_request, reply) =>
        sendHostedPage(reply, pages.render({ ...content, site: await siteOf?.() })),
      );
    }
    // The console routes inside itself (`/_hosted/console/blog/posts/<id>`): every path under it
    // is the same page, so a deep link or a reload lands where it was.
    const { path: _consolePath, ...consoleContent } = STANDALONE_PAGES.find(
      (page) => page.path === HOSTED_ROUTES.console,
    )!;
    app.get(`${HOSTED_ROUTES.console}/*`, { schema: { querystring: NoQuery } }, async (_request, reply) =>
      sendHostedPage(reply, pages.render({ ...consoleContent, site: await siteOf?.() })),
    );

    app.get(
      `${HOSTED_ROUTES.assets}/:name`,
      { schema: { params: Type.Object({ name: Type.String() }), querystring: NoQuery } },
      async (request, reply) => {
        const { name } = request.params;
        const type = CONTENT_TYPES[extname(name)];
        const body =
          ASSET_NAME.test(name) && type !== undefined
            ? await readFile(join(pages.dir, 'assets', name)).catch(() => undefined)
            : undefined;
        if (body === undefined) throw httpError(404, `no hosted asset "${name}"`);
        // Names carry a content hash: a changed file is a new name.
        return reply
          .type(type!)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          .send(body);
      },
    );
  };
}
