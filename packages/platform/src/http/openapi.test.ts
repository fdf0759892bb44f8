import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../testing/index.js';
import { registeredRoutes } from './boundary.js';
import { ALIASES_EXTENSION, API_TAGS, FAVICON, OPENAPI_ROUTES } from './openapi.js';

// The API reference (issues P9, P11): the OpenAPI document is the routes the platform serves, no
// more, no less, each once (its alias paths named), grouped by service, with their inputs and the
// error shape.
let platform: TestPlatform;
// biome-ignore lint/suspicious/noExplicitAny: the document is read as JSON.
let document: any;
beforeAll(async () => {
  platform = await startTestPlatform();
  const response = await fetch(`${platform.url}${OPENAPI_ROUTES.document}`);
  expect(response.status).toBe(200);
  document = await response.json();
}, 120_000);
afterAll(() => platform?.close());

/** Fastify's `/a/:b` and `/a/*` as OpenAPI writes them. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{*}');
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

describe('GET /_api/openapi.json', () => {
  it('is an OpenAPI 3.1 document', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    expect(document.components.schemas.ErrorBody.properties.message).toBeDefined();
  });

  /** `METHOD /path` of every documented operation, and of every alias path it names. */
  const operations = () => {
    const documented = new Map<string, string[]>();
    for (const [path, item] of Object.entries(
      document.paths as Record<string, Record<string, Record<string, string[] | undefined>>>,
    )) {
      for (const [method, operation] of Object.entries(item).filter(([key]) => METHODS.includes(key))) {
        const aliases = operation[ALIASES_EXTENSION] ?? [];
        documented.set(
          `${method.toUpperCase()} ${path}`,
          aliases.map((alias) => `${method.toUpperCase()} ${alias}`),
        );
      }
    }
    return documented;
  };
  const registered = () =>
    new Set(registeredRoutes(platform.app).map((route) => `${route.method} ${openApiPath(route.url)}`));

  it('documents every registered route once: under its wire path, or named as an alias of one', () => {
    const documented = operations();
    const aliases = new Map<string, string>();
    for (const [operation, names] of documented) {
      for (const alias of names) {
        expect(aliases.get(alias), `${alias}: an alias of two operations`).toBeUndefined();
        expect(documented.has(alias), `${alias}: documented and an alias`).toBe(false);
        aliases.set(alias, operation);
      }
    }
    const served = registered();
    // Served but not documented: CORS preflights, the document and its page, the console's routes.
    const undocumented = [...served].filter((route) => !documented.has(route) && !aliases.has(route));
    expect(undocumented.filter((route) => !route.startsWith('OPTIONS ')).sort()).toEqual([
      `GET ${OPENAPI_ROUTES.document}`,
      `GET ${OPENAPI_ROUTES.reference.slice(0, -1)}`,
      `GET ${OPENAPI_ROUTES.reference}`,
      `GET ${OPENAPI_ROUTES.reference}{file}`,
      'GET /_hosted/console/{*}',
    ]);
    // Nothing documented, as an operation or an alias, that the platform does not serve.
    expect([...documented.keys()].filter((route) => !served.has(route))).toEqual([]);
    expect([...aliases.keys()].filter((route) => !served.has(route))).toEqual([]);
    // The platform's whole surface: the hosted API and its own routes, most of them once.
    expect(documented.size).toBeGreaterThan(200);
    expect(aliases.size).toBeGreaterThan(150);
  });

  it('names the aliases of a service served under several prefixes, and lists its routes once', () => {
    const posts = document.paths['/v3/posts/{postId}'].get;
    expect(posts[ALIASES_EXTENSION]).toEqual([
      '/blog/v3/posts/{postId}',
      '/_api/v3/posts/{postId}',
      '/_api/communities-blog-node-api/v3/posts/{postId}',
    ]);
    expect(posts.description).toContain('`/blog/v3/posts/{postId}`');
    const stats = document.paths['/blog/v2/stats/post/count'].get;
    expect(stats[ALIASES_EXTENSION]).toContain('/v2/stats/post/count');
    for (const alias of [
      '/blog/v3/posts/{postId}',
      '/_api/cloud-data/v2/items/query',
      '/pro-gallery/v2/galleries',
    ]) {
      expect(document.paths[alias], alias).toBeUndefined();
    }
    expect(document.paths['/wix-data/v2/items/query'].post[ALIASES_EXTENSION]).toEqual([
      '/_api/cloud-data/v2/items/query',
    ]);
    // A route under one prefix only names none.
    expect(document.paths['/oauth2/token'].post[ALIASES_EXTENSION]).toBeUndefined();
    expect(
      Object.keys(document.paths).some((path) => path.startsWith('/_api/communities-blog-node-api/')),
    ).toBe(false);
  });

  it('groups the operations by service, in the declared order', () => {
    expect(document.tags.map((tag: { name: string }) => tag.name)).toEqual(API_TAGS.map((tag) => tag.name));
    const used = new Map<string, number>();
    for (const item of Object.values(document.paths as Record<string, Record<string, { tags?: string[] }>>)) {
      for (const [method, operation] of Object.entries(item)) {
        if (!METHODS.includes(method)) continue;
        expect(operation.tags).toHaveLength(1);
        used.set(operation.tags![0]!, (used.get(operation.tags![0]!) ?? 0) + 1);
      }
    }
    // Every tag is a declared service, and the services are there.
    expect([...used.keys()].filter((tag) => !API_TAGS.some((declared) => declared.name === tag))).toEqual([]);
    expect(used.get('Platform')).toBeLessThan(5);
    for (const tag of [
      'OAuth',
      'Identity',
      'Members',
      'Data items',
      'Data collections',
      'Blog posts',
      'Blog drafts',
    ]) {
      expect(used.get(tag), tag).toBeGreaterThan(0);
    }
    for (const tag of [
      'Blog categories',
      'Galleries',
      'Forms',
      'Form submissions',
      'Media',
      'Webhooks',
      'Admin',
    ]) {
      expect(used.get(tag), tag).toBeGreaterThan(0);
    }
    const tagOfOperation = (path: string, method: string) => document.paths[path][method].tags[0];
    expect(tagOfOperation('/oauth2/token', 'post')).toBe('OAuth');
    expect(tagOfOperation('/_api/iam/authentication/v2/login', 'post')).toBe('Identity');
    expect(tagOfOperation('/wix-data/v2/items/query', 'post')).toBe('Data items');
    expect(tagOfOperation('/wix-data/v2/collections', 'get')).toBe('Data collections');
    expect(tagOfOperation('/v3/posts/{postId}', 'get')).toBe('Blog posts');
    expect(tagOfOperation('/blog/v3/draft-posts', 'post')).toBe('Blog drafts');
    expect(tagOfOperation('/_api/atrium-admin/v1/webhooks', 'get')).toBe('Webhooks');
    expect(tagOfOperation('/_api/atrium-admin/v1/api-keys', 'get')).toBe('Admin');
    expect(tagOfOperation('/_health', 'get')).toBe('Platform');
  });

  it('has the token endpoint with its body, and the error shape on every operation', () => {
    const token = document.paths['/oauth2/token'].post;
    expect(token.requestBody.content['application/json'].schema.properties.grantType).toBeDefined();
    expect(token.responses['200'].content['application/json'].schema.properties.access_token).toBeDefined();
    for (const item of Object.values(
      document.paths as Record<string, Record<string, { responses?: object }>>,
    )) {
      for (const [method, operation] of Object.entries(item)) {
        if (!METHODS.includes(method)) continue;
        expect(operation.responses).toMatchObject({
          '4XX': { content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } } },
        });
      }
    }
  });

  it('lists path and query parameters from the route schemas', () => {
    const getPost =
      document.paths['/v3/posts/{postId}']?.get ?? document.paths['/blog/v3/posts/{postId}']?.get;
    expect(getPost, 'GET post by id').toBeDefined();
    const parameters = getPost.parameters as { in: string; name: string }[];
    expect(parameters).toContainEqual(expect.objectContaining({ in: 'path', name: 'postId' }));
    expect(parameters.some((parameter) => parameter.in === 'query' && parameter.name === 'fieldsets')).toBe(
      true,
    );
  });
});

describe('the reference page (Swagger UI, served by the platform)', () => {
  it('loads its own script and stylesheet, and points at the document', async () => {
    const page = await fetch(`${platform.url}${OPENAPI_ROUTES.reference}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await page.text();
    expect(html).toContain('swagger-ui-bundle.js');
    for (const file of ['swagger-ui-bundle.js', 'swagger-ui.css', 'initializer.js']) {
      const asset = await fetch(`${platform.url}${OPENAPI_ROUTES.reference}${file}`);
      expect(asset.status, file).toBe(200);
      await asset.arrayBuffer();
    }
    const initializer = await (
      await fetch(`${platform.url}${OPENAPI_ROUTES.reference}initializer.js`)
    ).text();
    expect(initializer).toContain(OPENAPI_ROUTES.document);
    expect((await fetch(`${platform.url}${OPENAPI_ROUTES.reference}..%2Fpackage.json`)).status).toBe(404);
  });

  it('has its own favicon, and the page without its slash redirects to it', async () => {
    const html = await (await fetch(`${platform.url}${OPENAPI_ROUTES.reference}`)).text();
    const icon = /<link rel="icon"[^>]* href="([^"]+)"/.exec(html)?.[1];
    expect(icon).toBe('favicon.svg');
    const response = await fetch(new URL(icon!, `${platform.url}${OPENAPI_ROUTES.reference}`));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('image/svg+xml');
    expect(await response.text()).toBe(FAVICON);
    const bare = await fetch(`${platform.url}${OPENAPI_ROUTES.reference.slice(0, -1)}`, {
      redirect: 'manual',
    });
    expect(bare.status).toBe(301);
    expect(bare.headers.get('location')).toBe(OPENAPI_ROUTES.reference);
  });
});
