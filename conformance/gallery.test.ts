import { MEDIA_ROUTES } from '@atrium/contract/routes';
import { startTestPlatform, type TestPlatform, testImageBytes, testMp4Bytes } from '@atrium/platform/testing';
import { proGallery as atriumProGallery } from '@atrium/sdk/pro-gallery';
import { proGallery as referenceProGallery } from '@wix/pro-gallery';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { realFetch } from './support/mailbox';
import { type Peer, type PeerAuth, peerClient } from './support/peer-clients';
import { platformFetch, type RecordedRequest } from './support/wire';

// The reference client's `proGallery` (@wix/pro-gallery) and the Atrium SDK's
// (`@atrium/sdk/pro-gallery`) run the same scenario, each against a fresh local platform holding the
// same uploaded media: every call of the service, as the site owner (API key) and as a visitor, with
// media URIs of uploaded files, external URLs and a video with a poster, and the refusals. Each step
// must return the same result and send the same requests, once the values the platforms choose
// (ids, dates, default sort orders, request ids) are named by order of appearance.
afterAll(() => {
  vi.unstubAllGlobals();
});

// biome-ignore lint/suspicious/noExplicitAny: the scenario drives both clients through the reference's API
type AnyGallery = any;

interface Uploads {
  readonly photo: string;
  readonly poster: string;
  readonly clip: string;
}

interface Run {
  steps: { step: string; result: unknown }[];
  requests: (Pick<RecordedRequest, 'host' | 'method' | 'path' | 'query' | 'body'> & { step: string })[];
  uploads: Uploads;
}

/** Runs one call; answers its result (undefined after a rejection) for the steps after it. */
type Step = (label: string, action: () => Promise<AnyGallery>) => Promise<AnyGallery>;

async function upload(
  platform: TestPlatform,
  bytes: Uint8Array<ArrayBuffer>,
  contentType: string,
  filename: string,
) {
  const response = await realFetch(
    `${platform.url}${MEDIA_ROUTES.upload}?filename=${encodeURIComponent(filename)}`,
    {
      method: 'POST',
      headers: { authorization: platform.apiKey, 'content-type': contentType },
      body: bytes,
    },
  );
  if (response.status !== 200) throw new Error(`upload: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { uri: string }).uri;
}

function clients(peer: Peer, platform: TestPlatform, fetchImpl: typeof fetch) {
  const modules = { proGallery: peer === 'reference' ? referenceProGallery : atriumProGallery };
  const gallery = (auth: PeerAuth) =>
    (peerClient(peer, auth, modules, fetchImpl) as { proGallery: AnyGallery }).proGallery;
  return { admin: gallery({ apiKey: platform.apiKey }), visitor: gallery({ clientId: platform.clientId }) };
}

/** What either client's rejection exposes that both must agree on: status and the error's details. */
function errorOf(error: unknown) {
  const { status, details } = error as { status?: number; details?: Record<string, unknown> };
  const { requestId: _requestId, ...rest } = details ?? {};
  return { error: { status, details: rest } };
}

async function runGallery(peer: Peer): Promise<Run> {
  const platform = await startTestPlatform();
  try {
    const uploads: Uploads = {
      photo: await upload(platform, await testImageBytes('png', 640, 480), 'image/png', 'sea view.png'),
      poster: await upload(platform, await testImageBytes('jpeg', 320, 180), 'image/jpeg', 'poster.jpg'),
      clip: await upload(platform, testMp4Bytes(1280, 720), 'video/mp4', 'clip.mp4'),
    };
    const wire = platformFetch(platform.url);
    vi.stubGlobal('fetch', wire.fetch);
    const run: Run = { steps: [], requests: [], uploads };
    const step: Step = async (label, action) => {
      let value: AnyGallery;
      try {
        value = await action();
        run.steps.push({ step: label, result: value });
      } catch (error) {
        run.steps.push({ step: label, result: errorOf(error) });
      }
      for (const { host, method, path, query, body } of wire.log.splice(0)) {
        // Token requests are compared by the OAuth conformance tests; their number differs by design.
        if (path !== '/oauth2/token') run.requests.push({ step: label, host, method, path, query, body });
      }
      return value;
    };
    await scenario(clients(peer, platform, wire.fetch), uploads, step);
    return run;
  } finally {
    vi.unstubAllGlobals();
    await platform.close();
  }
}

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

async function scenario(
  { admin, visitor }: ReturnType<typeof clients>,
  { photo, poster, clip }: Uploads,
  step: Step,
) {
  const posterId = poster.slice('wix:image://v1/'.length).split('/')[0];
  const video = `${clip}#posterUri=${posterId}&posterWidth=320&posterHeight=180`;
  await step('list galleries of an empty site', () => admin.listGalleries());
  const main = await step('create a gallery of every kind of item', () =>
    admin.createGallery({
      gallery: {
        name: 'Conformance',
        items: [
          {
            title: 'Uploaded photo',
            description: 'a wix:image URI of an uploaded file',
            image: {
              imageInfo: photo,
              focalPoint: { x: 0.25, y: 0.75 },
              unsharpMasking: { amount: 1, radius: 2, threshold: 0.1 },
            },
            link: {
              text: 'More',
              url: 'https://example.com/more',
              target: '_blank',
              rel: ['noopener', 'noreferrer'],
            },
            tags: { values: ['sea'] },
          },
          { title: 'External photo', image: { imageInfo: 'https://images.example/sky.jpg' } },
          {
            title: 'Uploaded video',
            video: { videoInfo: video },
            secondaryMedia: { image: { imageInfo: poster } },
          },
          { title: 'YouTube', video: { videoInfo: 'https://www.youtube.com/watch?v=abc123' } },
          { title: 'Words', text: { html: '<p>Hello</p>', css: { color: 'navy' } }, link: { url: '/about' } },
        ],
      },
    }),
  );
  const second = await step('create a gallery with a sort order', () =>
    admin.createGallery({
      gallery: { name: 'Second', sortOrder: 5, items: [{ title: 'one', text: { html: '1' } }] },
    }),
  );
  const draft = await step('create a draft', () =>
    admin.createGallery({ gallery: { name: 'Draft', state: 'SAVED' } }),
  );
  const clone = await step('clone a gallery', () => admin.createGallery({ cloneFromGalleryId: second._id }));
  await step('clone and rename', () =>
    admin.createGallery({ cloneFromGalleryId: main._id, gallery: { name: 'Copy' } }),
  );

  await step('list galleries as the owner', () =>
    admin.listGalleries({ itemLimit: 2, offset: 0, limit: 10 }),
  );
  await step('list galleries as a visitor', () => visitor.listGalleries({ itemLimit: 1 }));
  await step('list galleries, second page', () => visitor.listGalleries({ offset: 2, limit: 2 }));
  await step('get a gallery as a visitor', () => visitor.getGallery(main._id));
  await step('get a page of a gallery', () => admin.getGallery(main._id, { itemOffset: 1, itemLimit: 2 }));
  await step('get a draft as the owner', () => admin.getGallery(draft._id));
  await step('get a draft as a visitor', () => visitor.getGallery(draft._id));
  await step('list items', () => visitor.listGalleryItems(main._id, { itemLimit: 3 }));
  await step('list items from an offset', () => admin.listGalleryItems(main._id, { itemOffset: 3 }));
  const [photoItem, externalItem, videoItem, youtubeItem, textItem] = main.items;
  await step('get an item', () => visitor.getGalleryItem({ galleryId: main._id, itemId: videoItem._id }));

  const added = await step('create an item', () =>
    admin.createGalleryItem(main._id, {
      title: 'Added',
      image: { imageInfo: photo, focalPoint: { x: 0.1, y: 0.9 } },
      link: { url: 'https://example.com/ad', rel: ['sponsored', 'nofollow'] },
    }),
  );
  await step('update an item', () =>
    admin.updateGalleryItem(
      { galleryId: main._id, itemId: added._id },
      { title: 'Renamed', description: 'now with a description' },
    ),
  );
  await step('update an item’s media', () =>
    admin.updateGalleryItem(
      { galleryId: main._id, itemId: externalItem._id },
      { image: { imageInfo: poster } },
    ),
  );
  await step('update a gallery', () =>
    admin.updateGallery(main._id, { name: 'Renamed gallery', sortOrder: 1 }),
  );
  await step('publish a draft', () => admin.updateGallery(draft._id, { state: 'PUBLISHED' }));
  await step('delete items by query', () =>
    admin.deleteGalleryItems(main._id, { itemsIds: [photoItem._id, youtubeItem._id] }),
  );
  await step('bulk delete items', () => admin.bulkDeleteGalleryItems(main._id, [textItem._id]));
  await step('delete an item', () => admin.deleteGalleryItem({ galleryId: main._id, itemId: added._id }));
  await step('read what is left', () => admin.getGallery(main._id));
  await step('delete a gallery', () => admin.deleteGallery(clone._id));

  await step('get an unknown gallery', () => visitor.getGallery(UNKNOWN));
  await step('get an unknown item', () => admin.getGalleryItem({ galleryId: main._id, itemId: UNKNOWN }));
  await step('create an item naming an unknown file', () =>
    admin.createGalleryItem(main._id, {
      image: {
        imageInfo:
          'wix:image://v1/abcdef_00000000000000000000000000000000.png/x.png#originWidth=1&originHeight=1',
      },
    }),
  );
  await step('create an item with a focal point out of range', () =>
    admin.createGalleryItem(main._id, { image: { imageInfo: photo, focalPoint: { x: 2, y: 0 } } }),
  );
  await step('create an item as a visitor', () =>
    visitor.createGalleryItem(main._id, { text: { html: 'x' } }),
  );
  await step('delete a deleted gallery', () => admin.deleteGallery(clone._id));
  await step('list too many galleries at once', () => admin.listGalleries({ limit: 11 }));
}

/** Values the platforms choose, named by order of first appearance: `<id 1>`, `<media 2>`, … */
function canonical(run: Run): unknown {
  const names = new Map<string, string>();
  const name = (kind: string) => (value: string) => {
    if (!names.has(value)) names.set(value, `<${kind} ${names.size + 1}>`);
    return names.get(value)!;
  };
  const strings = (text: string) =>
    text
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, name('id'))
      .replace(/[0-9a-f]{6}_[0-9a-f]{32}\.[a-z0-9]+/g, name('media'))
      .replace(/https?:\/\/127\.0\.0\.1:\d+/g, '<platform>');
  const walk = (value: unknown, key?: string): unknown => {
    if (value instanceof Date) return '<date>';
    if (typeof value === 'string') return strings(value);
    // Default sort orders are the time of the write (epoch milliseconds).
    if (typeof value === 'number' && key === 'sortOrder' && value > 1e12) return '<time>';
    if (Array.isArray(value)) return value.map((element) => walk(element));
    if (value !== null && typeof value === 'object') {
      // Keys in sorted order: the reference moves renamed keys to the end of their object.
      const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      return Object.fromEntries(entries.map(([k, v]) => [k, walk(v, k)]));
    }
    return value;
  };
  return walk({ steps: run.steps, requests: run.requests });
}

describe('pro gallery: the reference client and the Atrium SDK', () => {
  let reference: Run;
  let atrium: Run;
  let expected: ReturnType<typeof canonical> & {
    steps: { step: string; result: unknown }[];
    requests: unknown[];
  };
  let actual: typeof expected;
  beforeAll(async () => {
    reference = await runGallery('reference');
    atrium = await runGallery('atrium');
    expected = canonical(reference) as typeof expected;
    actual = canonical(atrium) as typeof expected;
  }, 120_000);

  const result = (run: Run, label: string) => run.steps.find((s) => s.step === label)!.result as AnyGallery;

  it('the reference completes the scenario: media URIs round-trip with real sizes', () => {
    const created = result(reference, 'create a gallery of every kind of item');
    const { photo, poster, clip } = reference.uploads;
    expect(photo).toMatch(/#originWidth=640&originHeight=480$/);
    const [photoItem, external, video, youtube, words] = created.items;
    expect(photoItem.image.imageInfo).toBe(photo);
    expect(photoItem._createdDate).toBeInstanceOf(Date);
    expect(external.image).toMatchObject({ type: 'EXTERNAL', imageInfo: 'https://images.example/sky.jpg' });
    const posterId = poster.slice('wix:image://v1/'.length).split('/')[0];
    expect(video.video).toEqual({
      type: 'WIX_MEDIA',
      videoInfo: `${clip}#posterUri=${posterId}&posterWidth=320&posterHeight=180`,
    });
    expect(video.secondaryMedia.image.imageInfo).toBe(poster);
    expect(youtube.video.type).toBe('YOUTUBE');
    expect(words).toMatchObject({ type: 'TEXT', link: { type: 'INTERNAL', url: '/about' } });
    expect(
      result(reference, 'list galleries as a visitor').galleries.map((g: { name: string }) => g.name),
    ).not.toContain('Draft');
  });

  it('the reference gets the platform’s refusals', () => {
    const refusals = reference.steps
      .filter((s) => (s.result as { error?: unknown }).error)
      .map((s) => [s.step, (s.result as { error: { status: number } }).error.status]);
    expect(refusals).toEqual([
      ['get a draft as a visitor', 404],
      ['get an unknown gallery', 404],
      ['get an unknown item', 404],
      ['create an item naming an unknown file', 400],
      ['create an item with a focal point out of range', 400],
      ['create an item as a visitor', 403],
      ['delete a deleted gallery', 404],
      ['list too many galleries at once', 400],
    ]);
  });

  it('the Atrium SDK returns the same result at every step', () => {
    expect(actual.steps.map((s) => s.step)).toEqual(expected.steps.map((s) => s.step));
    for (const [index, step] of expected.steps.entries())
      expect(actual.steps[index], step.step).toEqual(step);
  });

  it('and sends the same requests', () => {
    expect(actual.requests.length).toBe(expected.requests.length);
    for (const [index, request] of expected.requests.entries()) {
      expect(actual.requests[index], JSON.stringify(request).slice(0, 120)).toEqual(request);
    }
  });

  it('covers every call of the service', () => {
    const calls = new Set(
      reference.requests.map(
        (r) => `${r.method} ${r.path.replace(/[0-9a-f-]{36}/g, '{id}').replace('/progallery/v2', '')}`,
      ),
    );
    expect([...calls].sort()).toEqual([
      'DELETE /galleries/{id}',
      'DELETE /galleries/{id}/items',
      'DELETE /galleries/{id}/items/{id}',
      'GET /galleries',
      'GET /galleries/{id}',
      'GET /galleries/{id}/items',
      'GET /galleries/{id}/items/{id}',
      'PATCH /galleries/{id}',
      'PATCH /galleries/{id}/items/{id}',
      'POST /galleries',
      'POST /galleries/{id}/items',
      'POST /galleries/{id}/items/delete',
    ]);
  });
});
