import { ADMIN_PREFIX, ADMIN_ROUTES, MEDIA_ERROR_CODES, MEDIA_ROUTES } from '@atrium/contract';
import type { ListMediaFilesResponse } from '@atrium/contract/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../testing/index.js';
import { testImageBytes } from '../testing/media-files.js';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
}, 30_000);
afterAll(() => platform.close());

const call = async (
  path: string,
  init: { method?: string; body?: unknown; authorization?: string | null } = {},
) => {
  const authorization = init.authorization === undefined ? platform.apiKey : init.authorization;
  const response = await fetch(`${platform.url}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(authorization === null ? {} : { authorization }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: test answers are read field by field
  return { status: response.status, body: (await response.json()) as any };
};

async function uploadImage(filename: string) {
  const bytes = await testImageBytes('png', 40, 30);
  const response = await fetch(`${platform.url}${MEDIA_ROUTES.upload}?filename=${filename}`, {
    method: 'POST',
    headers: { 'content-type': 'image/png', authorization: platform.apiKey },
    body: bytes,
  });
  return ((await response.json()) as { file: { id: string } }).file.id;
}

const libraryFile = (id: string) => MEDIA_ROUTES.libraryFile.replace('{id}', encodeURIComponent(id));

describe('the media library', () => {
  it('lists files newest first, pages on the server, and says where each is used', async () => {
    const unused = await uploadImage('unused.png');
    const used = await uploadImage('used.png');
    const created = await call('/progallery/v2/galleries', {
      body: {
        gallery: {
          name: 'Holidays',
          items: [{ title: 'Beach', type: 'IMAGE', image: { imageInfo: { id: used } } }],
        },
      },
    });
    expect(created.status).toBe(200);

    const first = await call(`${MEDIA_ROUTES.upload}?limit=1`);
    expect(first.status).toBe(200);
    const page = first.body as ListMediaFilesResponse;
    expect(page.total).toBeGreaterThanOrEqual(2);
    expect(page.files.map((file) => file.id)).toEqual([used]);
    expect(page.files[0]!.usages).toEqual([
      {
        kind: 'gallery-item',
        containerId: created.body.gallery.id,
        itemId: expect.any(String),
        label: 'Holidays: Beach',
      },
    ]);
    const second = (await call(`${MEDIA_ROUTES.upload}?limit=1&offset=1`)).body as ListMediaFilesResponse;
    expect(second.files.map((file) => file.id)).toEqual([unused]);
    expect(second.files[0]!.usages).toEqual([]);
    expect(second.files[0]!.uri).toMatch(/^wix:image:\/\/v1\//);
  });

  it('refuses to delete a file in use with a 409 naming the place, and deletes an unused one', async () => {
    const id = await uploadImage('hero.png');
    const draft = await call('/blog/v3/draft-posts', {
      body: { draftPost: { title: 'Hero post', heroImage: { id } } },
    });
    expect(draft.status).toBe(200);

    const refused = await call(libraryFile(id), { method: 'DELETE' });
    expect(refused.status).toBe(409);
    expect(refused.body.details.applicationError.code).toBe(MEDIA_ERROR_CODES.inUse);
    expect(refused.body.message).toContain('blog post "Hero post"');
    expect((await fetch(`${platform.url}/media/${id}`)).status).toBe(200);

    const spare = await uploadImage('spare.png');
    const deleted = await call(libraryFile(spare), { method: 'DELETE' });
    expect(deleted).toEqual({ status: 200, body: { id: spare } });
    expect((await fetch(`${platform.url}/media/${spare}`)).status).toBe(404);
    expect((await call(libraryFile(spare), { method: 'DELETE' })).status).toBe(404);
  });

  it("counts the site's logo and favicon as uses: listed, and the file kept from deletion", async () => {
    const logo = await uploadImage('logo.png');
    const saved = await call(`${ADMIN_PREFIX}${ADMIN_ROUTES.siteSettings}`, {
      method: 'PATCH',
      body: { logo, favicon: logo },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const listed = (await call(`${MEDIA_ROUTES.upload}?limit=1`)).body as ListMediaFilesResponse;
    expect(listed.files[0]!.id).toBe(logo);
    expect(listed.files[0]!.usages).toEqual([
      { kind: 'site-settings', containerId: 'site', label: 'Logo and favicon' },
    ]);
    const refused = await call(libraryFile(logo), { method: 'DELETE' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('site settings "Logo and favicon"');
    await call(`${ADMIN_PREFIX}${ADMIN_ROUTES.siteSettings}`, { method: 'PATCH', body: { favicon: null } });
    const [file] = ((await call(`${MEDIA_ROUTES.upload}?limit=1`)).body as ListMediaFilesResponse).files;
    expect(file!.usages.map((usage) => usage.label)).toEqual(['Logo']);
    await call(`${ADMIN_PREFIX}${ADMIN_ROUTES.siteSettings}`, { method: 'PATCH', body: { logo: null } });
    expect((await call(libraryFile(logo), { method: 'DELETE' })).status).toBe(200);
  });

  it('is for the API key only', async () => {
    expect((await call(MEDIA_ROUTES.upload, { authorization: null })).status).toBe(403);
    const id = await uploadImage('kept.png');
    expect((await call(libraryFile(id), { method: 'DELETE', authorization: null })).status).toBe(403);
    expect((await fetch(`${platform.url}/media/${id}`)).status).toBe(200);
    expect((await call(`${MEDIA_ROUTES.upload}?limit=101`)).status).toBe(400);
  });
});
