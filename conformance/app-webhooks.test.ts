import {
  AppStrategy as AtriumAppStrategy,
  createClient as createAtriumClient,
  ServicePluginError,
} from '@atrium/sdk';
import * as atriumBlog from '@atrium/sdk/blog';
import * as referenceBlog from '@wix/blog';
import { AppStrategy, createClient } from '@wix/sdk';
import { describe, expect, it } from 'vitest';
import { deliveryClaims, domainEvent, testSigner } from '../packages/sdk/src/testing/webhook-jwt';

// Webhooks and service plugins (docs/blog-wire.md §C): the same JWTs, signed by hand, go to the
// reference (`@wix/sdk` with `@wix/blog`'s event registrars) and to the Atrium SDK (with
// `@atrium/sdk/blog`'s). Valid deliveries must reach the handlers with equal arguments and return
// equal events; forged, expired, malformed or unexpected ones must be refused by both (the SDK with
// `JWT is not valid`, whatever the reason). Service plugins run one hand-made definition in both.

const APP_ID = 'app-1';
const signer = testSigner();
const other = testSigner();

// biome-ignore lint/suspicious/noExplicitAny: both clients are driven through the reference's API
type AnyClient = any;

const blogModules = (blog: AnyClient) => ({
  posts: blog.posts,
  tags: blog.tags,
  categories: blog.categories,
  draftPosts: blog.draftPosts,
  likes: blog.likes,
});

/** Both clients, each with every blog registrar bound to a handler that records its argument. */
function peers() {
  const make = (peer: 'reference' | 'atrium') => {
    const client: AnyClient =
      peer === 'reference'
        ? createClient({
            auth: AppStrategy({ appId: APP_ID, publicKey: signer.publicKeyPem }),
            modules: blogModules(referenceBlog),
          })
        : createAtriumClient({
            auth: AtriumAppStrategy({ appId: APP_ID, publicKey: signer.publicKeyPem }),
            modules: blogModules(atriumBlog),
          });
    const seen: { type: string; event: unknown }[] = [];
    // Every registrar the reference's modules have, in one order for both (it decides the order of
    // the types an `Unexpected event type` error lists).
    for (const [module, exports] of Object.entries(blogModules(referenceBlog))) {
      for (const name of Object.keys(exports).filter((key) => /^on[A-Z]/.test(key))) {
        const registrar = client[module][name] as (handler: (event: unknown) => void) => void;
        registrar((event) => void seen.push({ type: name, event }));
      }
    }
    client.use(client.webhooks.apps.AppInstalled)(
      (event: unknown) => void seen.push({ type: 'AppInstalled', event }),
    );
    return { client, seen };
  };
  return { reference: make('reference'), atrium: make('atrium') };
}

const identity = { identityType: 'MEMBER', memberId: 'm1' };
const accountInfo = { accountId: 'acc-1', siteId: 'site-1' };

const richContent = {
  nodes: [
    {
      type: 'PARAGRAPH',
      id: 'n1',
      nodes: [{ type: 'TEXT', id: '', nodes: [], textData: { text: 'Hi', decorations: [] } }],
      paragraphData: {},
    },
    {
      type: 'IMAGE',
      id: 'n2',
      nodes: [],
      imageData: {
        image: { src: { id: 'img-2.jpg' }, width: 10, height: 20 },
        containerData: { width: { size: 'CONTENT' } },
      },
    },
  ],
  metadata: {
    version: 1,
    createdTimestamp: '2024-01-01T00:00:00.000Z',
    updatedTimestamp: '2024-01-02T00:00:00.000Z',
    id: 'doc-1',
  },
  documentStyle: {},
};

const wirePost = {
  id: 'p1',
  title: 'Hello',
  excerpt: 'Hi',
  slug: 'hello',
  featured: false,
  pinned: false,
  categoryIds: ['c1'],
  memberId: 'm1',
  hashtags: [],
  commentingEnabled: true,
  minutesToRead: 1,
  tagIds: [],
  language: 'en',
  preview: false,
  createdDate: '2024-01-01T00:00:00.000Z',
  firstPublishedDate: '2024-01-02T00:00:00.000Z',
  lastPublishedDate: '2024-01-03T00:00:00.000Z',
  url: { base: 'https://site.example', path: '/post/hello' },
  heroImage: { id: 'hero.jpg', url: 'https://static.example/media/hero.jpg', width: 800, height: 600 },
  media: {
    wixMedia: {
      image: { id: 'media.jpg', url: 'https://static.example/media/media.jpg', width: 4, height: 3 },
    },
    displayed: true,
    custom: false,
  },
  richContent,
  metrics: { comments: 0, likes: 2, views: 5, averageRating: 4.5, totalRatings: 2 },
};
const wireTag = {
  id: 't1',
  label: 'News',
  slug: 'news',
  createdDate: '2024-01-01T00:00:00.000Z',
  updatedDate: '2024-01-02T00:00:00.000Z',
  postCount: 1,
  publishedPostCount: 1,
  translationId: 'tr',
  language: 'en',
  url: { base: 'https://site.example', path: '/tags/news' },
};
const wireCategory = {
  id: 'c1',
  label: 'Travel',
  slug: 'travel',
  description: 'Trips',
  displayPosition: 0,
  postCount: 3,
  title: 'Travel',
  updatedDate: '2024-01-02T00:00:00.000Z',
  coverImage: { id: 'cover.jpg', url: 'https://static.example/media/cover.jpg', width: 30, height: 20 },
  url: { base: 'https://site.example', path: '/categories/travel' },
};
const wireDraft = {
  id: 'd1',
  title: 'Draft',
  status: 'UNPUBLISHED',
  createdDate: '2024-01-01T00:00:00.000Z',
  editedDate: '2024-01-02T00:00:00.000Z',
  url: { base: 'https://site.example', path: '/post/draft' },
  heroImage: { id: 'hero.jpg', url: 'https://static.example/media/hero.jpg', width: 800, height: 600 },
  richContent,
};
const wireLike = {
  id: 'l1',
  fqdn: 'wix.blog.v3.post',
  entityId: 'p1',
  memberId: 'm1',
  createdDate: '2024-01-01T00:00:00.000Z',
};

const blogEvent = (entity: string, slug: string, body: object) => ({
  ...domainEvent(slug, body, 'x1'),
  entityFqdn: `wix.blog.${entity}`,
});

/** Valid deliveries: event type, domain event, envelope options. */
const deliveries: [string, unknown, object?][] = [
  [
    'wix.blog.v3.post_created',
    blogEvent('v3.post', 'created', { createdEvent: { entity: wirePost } }),
    { identity, accountInfo },
  ],
  [
    'wix.blog.v3.post_updated',
    blogEvent('v3.post', 'updated', {
      updatedEvent: {
        currentEntity: wirePost,
        modifiedFields: { 'url.path': '/post/old', createdDate: '2023-01-01T00:00:00Z' },
      },
    }),
    { identity: { identityType: 'APP', appId: 'other' } },
  ],
  [
    'wix.blog.v3.post_deleted',
    blogEvent('v3.post', 'deleted', { deletedEvent: { deletedEntity: wirePost } }),
  ],
  ['wix.blog.v3.post_deleted', blogEvent('v3.post', 'deleted', { deletedEvent: {} })],
  [
    'wix.blog.v3.post_liked',
    blogEvent('v3.post', 'liked', { actionEvent: { body: { postId: 'p1', memberId: 'm1' } } }),
  ],
  [
    'wix.blog.v3.post_unliked',
    blogEvent('v3.post', 'unliked', { actionEvent: { body: { postId: 'p1', anonymousVisitorId: 'v1' } } }),
  ],
  ['wix.blog.v3.tag_created', blogEvent('v3.tag', 'created', { createdEvent: { entity: wireTag } })],
  ['wix.blog.v3.tag_updated', blogEvent('v3.tag', 'updated', { updatedEvent: { currentEntity: wireTag } })],
  ['wix.blog.v3.tag_deleted', blogEvent('v3.tag', 'deleted', { deletedEvent: { deletedEntity: wireTag } })],
  [
    'wix.blog.v3.category_created',
    blogEvent('v3.category', 'created', { createdEvent: { entity: wireCategory } }),
  ],
  [
    'wix.blog.v3.category_deleted',
    blogEvent('v3.category', 'deleted', { deletedEvent: { deletedEntity: wireCategory } }),
  ],
  ['wix.blog.v3.draft_created', blogEvent('v3.draft', 'created', { createdEvent: { entity: wireDraft } })],
  [
    'wix.blog.v3.draft_deleted',
    blogEvent('v3.draft', 'deleted', { deletedEvent: { deletedEntity: wireDraft } }),
  ],
  ['wix.blog.v1.like_created', blogEvent('v1.like', 'created', { createdEvent: { entity: wireLike } })],
  [
    'wix.blog.v1.like_deleted',
    blogEvent('v1.like', 'deleted', { deletedEvent: { deletedEntity: wireLike } }),
  ],
  ['AppInstalled', { appId: APP_ID, originInstanceId: '', id: 'keeps its name' }, { identity }],
];

describe('webhooks: the reference and the SDK on the same signed deliveries', () => {
  it.each(deliveries.map(([type, inner, options], i) => [`${i} ${type}`, type, inner, options] as const))(
    'valid delivery %s: equal handler arguments and return values',
    async (_name, type, inner, options) => {
      const { reference, atrium } = peers();
      const jwt = signer.jwt(deliveryClaims(type, inner, options));
      const [referenceResult, atriumResult] = [
        await reference.client.webhooks.process(jwt),
        await atrium.client.webhooks.process(jwt),
      ];

      expect(atrium.seen).toHaveLength(1);
      expect(atrium.seen).toEqual(reference.seen);
      const { payload, ...envelope } = atriumResult;
      const { payload: _mutated, ...referenceEnvelope } = referenceResult;
      expect(envelope).toEqual(referenceEnvelope);
      // The SDK returns the domain event as sent. The reference returns the same object its
      // handlers' transformations worked on, renamed in place (`id` → `_id` …): compare with its
      // parse of the same JWT, which runs no handler.
      expect(payload).toEqual((await reference.client.webhooks.parseJWT(jwt)).payload);
      expect(payload).toEqual(inner);
    },
  );

  it('processRequest, parseJWT, executeHandlers and expectedEvents agree', async () => {
    const { reference, atrium } = peers();
    const [type, inner, options] = deliveries[0] as [string, unknown, object];
    const jwt = signer.jwt(deliveryClaims(type, inner, options));
    const request = () => new Request('https://app.example/webhooks', { method: 'POST', body: `${jwt}\n` });
    for (const peer of [reference, atrium]) {
      await peer.client.webhooks.processRequest(request());
      await peer.client.webhooks.executeHandlers({
        ...(await peer.client.webhooks.parseJWT(jwt)),
        instanceId: 'other',
      });
    }
    expect(atrium.seen).toEqual(reference.seen);

    const unregistered = signer.jwt(deliveryClaims('wix.other', {}));
    const expectedEvents = [{ type: 'wix.other' }];
    const results = await Promise.all(
      [reference, atrium].map((peer) => peer.client.webhooks.process(unregistered, { expectedEvents })),
    );
    expect(results[1]).toEqual(results[0]);
  });

  it('both refuse forged, expired, malformed and unexpected deliveries; the SDK with JWT is not valid', async () => {
    const { reference, atrium } = peers();
    const [type, inner] = deliveries[0] as [string, unknown];
    const claims = deliveryClaims(type, inner);
    const [header, payload, signature] = signer.jwt(claims).split('.') as [string, string, string];
    const tampered = Buffer.from(
      Buffer.from(payload, 'base64url').toString().replace('Hello', 'Hacked'),
    ).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const invalid: [string, string][] = [
      ['tampered payload', `${header}.${tampered}.${signature}`],
      ['another key', other.jwt(claims)],
      ['expired', signer.jwt({ ...claims, exp: now - 10 })],
      ['not valid yet', signer.jwt({ ...claims, nbf: now + 600 })],
      ['alg none', signer.jwt(claims, { header: { alg: 'none', typ: 'JWT' } })],
      [
        'HS256 with the public key as secret',
        signer.jwt(claims, { header: { alg: 'HS256', typ: 'JWT' }, secret: signer.publicKeyPem }),
      ],
      ['malformed', 'not-a-jwt'],
      ['non-string data', signer.jwt({ data: JSON.parse(claims.data) })],
    ];
    for (const [reason, jwt] of invalid) {
      await expect(reference.client.webhooks.process(jwt), reason).rejects.toThrow();
      await expect(atrium.client.webhooks.process(jwt), reason).rejects.toMatchObject({
        message: 'JWT is not valid',
        code: 'invalid_jwt',
      });
    }
    const unexpected = signer.jwt(deliveryClaims('wix.unknown', {}));
    const messages = await Promise.all(
      [reference, atrium].map((peer) =>
        peer.client.webhooks.process(unexpected).catch((error: Error) => error.message),
      ),
    );
    expect(messages[0]).toMatch(/^Unexpected event type: wix\.unknown\. Expected one of: wix\.blog\./);
    expect(messages[1]).toBe(messages[0]);
    expect(reference.seen).toEqual([]);
    expect(atrium.seen).toEqual([]);
  });
});

describe('service plugins: the reference and the SDK on the same signed calls', () => {
  const definition = Object.assign(() => undefined, {
    __type: 'service-plugin-definition' as const,
    componentType: 'THING_PROVIDER',
    methods: [
      {
        name: 'getThing',
        primaryHttpMappingPath: '/v1/things/get',
        transformations: {
          fromREST: (payload: { request: { id: string } }) => ({
            ...payload,
            request: { thingId: payload.request.id },
          }),
          toREST: ({ _id, ...rest }: { _id: string }) => ({ ...rest, id: _id }),
        },
      },
    ],
  });
  const implementation = {
    async getThing({ request }: { request: { thingId: string } }) {
      if (request.thingId === 'missing') {
        throw new ServicePluginError({
          name: 'ThingNotFound',
          httpCode: 404,
          statusCode: 'NOT_FOUND',
          applicationCode: 'THING_NOT_FOUND',
          data: { thingId: 'missing' },
        });
      }
      return { _id: request.thingId, name: 'thing' };
    },
  };
  const clients = (): AnyClient[] => {
    const reference: AnyClient = createClient({
      auth: AppStrategy({ appId: APP_ID, publicKey: signer.publicKeyPem }),
      modules: { definition },
    });
    const atrium: AnyClient = createAtriumClient({
      auth: AtriumAppStrategy({ appId: APP_ID, publicKey: signer.publicKeyPem }),
      modules: { definition },
    });
    for (const client of [reference, atrium]) client.definition(implementation);
    return [reference, atrium];
  };
  const metadata = { appExtensionType: 'thing_provider', instanceId: 'inst-1' };
  const call = (id: string, claims: object = { iss: 'wix.com', aud: APP_ID }) =>
    signer.jwt({ data: { request: { id }, metadata }, ...claims });
  const post = (body: string) => new Request('https://app.example/v1/things/get', { method: 'POST', body });

  it('answer the same responses, SPI errors included', async () => {
    for (const id of ['t1', 'missing']) {
      const answers = await Promise.all(
        clients().map(async (client) => {
          const response: Response = await client.servicePlugins.processRequest(post(call(id)));
          return {
            status: response.status,
            type: response.headers.get('content-type'),
            body: await response.json(),
          };
        }),
      );
      expect(answers[1]).toEqual(answers[0]);
    }
    expect(await Promise.all(clients().map((client) => client.servicePlugins.parseJWT(call('t1'))))).toEqual([
      { request: { id: 't1' }, metadata },
      { request: { id: 't1' }, metadata },
    ]);
  });

  it('both refuse calls for another app or from another issuer; the SDK with JWT is not valid', async () => {
    const [reference, atrium] = clients();
    for (const body of [
      call('t1', { iss: 'wix.com', aud: 'other-app' }),
      call('t1', { aud: APP_ID }),
      other.jwt({ data: { metadata }, iss: 'wix.com', aud: APP_ID }),
    ]) {
      await expect(reference.servicePlugins.process({ url: '/v1/things/get', body })).rejects.toThrow();
      await expect(atrium.servicePlugins.process({ url: '/v1/things/get', body })).rejects.toMatchObject({
        message: 'JWT is not valid',
      });
    }
  });
});
