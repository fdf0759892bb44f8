import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../testing/index.js';
import { registeredRoutes } from './boundary.js';
import { OPENAPI_ROUTES } from './openapi.js';

// The API reference (issue P9): the OpenAPI document is the routes the platform serves, no more,
// no less, with their inputs and the error shape.
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

  it('documents every registered route, and every documented route is registered', () => {
    const registered = new Set(
      registeredRoutes(platform.app)
        .filter((route) => route.method !== 'OPTIONS')
        .map((route) => `${route.method} ${openApiPath(route.url)}`),
    );
    const documented = new Set<string>();
    for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, unknown>>)) {
      for (const method of Object.keys(item).filter((key) => METHODS.includes(key))) {
        documented.add(`${method.toUpperCase()} ${path}`);
      }
    }
    expect([...registered].filter((route) => !documented.has(route))).toEqual([]);
    expect([...documented].filter((route) => !registered.has(route))).toEqual([]);
    // The platform's whole surface: the hosted API and its own routes.
    expect(documented.size).toBeGreaterThan(300);
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
});
