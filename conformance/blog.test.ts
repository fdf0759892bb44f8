import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Any, type BlogRun, canonical, runBlog, type StepResult } from './support/blog-peers';
import { blogScenario } from './support/blog-scenario';

// The reference client's blog modules (@wix/blog 1.0.660: posts, categories, tags, draftPosts,
// likes, blogCache) and `@atrium/sdk/blog` run the same scenario (./support/blog-scenario/),
// each against a fresh local platform whose blog clock both runs drive alike: the site (API key)
// writes, publishes, translates and changes languages, a visitor and a member (OAuth) read, query
// with every operator of docs/spec.md §7, page both ways and like. Each step must return the same result and send the same requests (method, path,
// query, body), once the values the platforms choose (ids, media ids, cursors) are named by order
// of appearance. The one difference, asserted on its own: a rejection's `message`.
afterAll(() => {
  vi.unstubAllGlobals();
});

interface Rejection {
  error: { message: string; status?: number; details: Record<string, unknown> };
}
const rejection = (result: unknown): Rejection | undefined =>
  typeof result === 'object' && result !== null && 'error' in result ? (result as Rejection) : undefined;

/**
 * The reference's error message is the pretty-printed JSON of `{ message, details }` (docs/wire.md §2.2
 * step 4); the SDK's is the message alone (its SDKError, docs/spec.md §8). Compared through the inner one.
 */
function innerMessages(steps: StepResult[]): StepResult[] {
  return steps.map((step) => {
    const failed = rejection(step.result);
    // Client-side rejections (no page to fetch) carry a plain message in both.
    if (!failed?.error.message.startsWith('{')) return step;
    const { message } = JSON.parse(failed.error.message) as { message: string };
    return { ...step, result: { error: { ...failed.error, message } } };
  });
}

const result = (run: BlogRun, label: string) => run.steps.find((s) => s.step === label)?.result;

describe('blog: the reference client and the Atrium SDK against the platform', () => {
  let reference: BlogRun;
  let atrium: BlogRun;
  let expected: ReturnType<typeof canonical>;
  let actual: ReturnType<typeof canonical>;
  beforeAll(async () => {
    reference = await runBlog('reference', blogScenario);
    atrium = await runBlog('atrium', blogScenario);
    expected = canonical({ ...reference, steps: innerMessages(reference.steps) });
    actual = canonical(atrium);
  }, 240_000);

  it('the Atrium SDK returns the same result at every step', () => {
    expect(actual.steps.map((s) => s.step)).toEqual(expected.steps.map((s) => s.step));
    for (const [index, step] of expected.steps.entries())
      expect(actual.steps[index], step.step).toEqual(step);
  });

  it('and sends the same requests (method, path, query, body; host by caller)', () => {
    expect(actual.requests.length).toBe(expected.requests.length);
    for (const [index, request] of expected.requests.entries())
      expect(actual.requests[index], `${request.step}: ${request.method} ${request.path}`).toEqual(request);
  });

  it('rejections: the reference’s message is the JSON of message and details, the SDK’s the message', () => {
    const failures = reference.steps.filter((step) => rejection(step.result)?.error.status !== undefined);
    expect(failures.length).toBeGreaterThan(15);
    for (const step of failures) {
      const { message, details } = rejection(step.result)!.error;
      const parsed = JSON.parse(message) as { message: string; details: Record<string, unknown> };
      expect(JSON.stringify(parsed, null, 2), step.step).toBe(message);
      const { requestId, ...rest } = parsed.details;
      expect(requestId, step.step).toEqual(expect.any(String));
      expect(rest, step.step).toEqual(details);
      // The SDK's is the inner message itself (equal once ids are named: the first test).
      const mine = rejection(result(atrium, step.step))!.error.message;
      expect(mine.startsWith('{'), step.step).toBe(false);
      expect(mine.length, step.step).toBe(parsed.message.length);
    }
  });

  it('the platform answers as the hosted service would at the checkpoints', () => {
    const refusals = reference.steps
      .filter((step) => rejection(step.result))
      .map((step) => [
        step.step,
        rejection(step.result)!.error.status ?? rejection(step.result)!.error.message,
      ]);
    expect(refusals).toEqual([
      ['create a category as a visitor', 403],
      ['query categories: no page after the last', 'No next page to fetch'],
      ['query categories: no page before the first', 'No previous page to fetch'],
      ['get a deleted category', 404],
      ['create a tag as a member', 403],
      ['get a deleted tag', 404],
      ['a visitor does not see the unpublished post', 404],
      ['create a draft as a visitor', 403],
      ['create a draft naming an unknown category', 400],
      ['get an unknown post', 404],
      ['query posts: unknown field', 400],
      ['query posts: no page before the first', 'No previous page to fetch'],
      ['query posts: no page after the last', 'No next page to fetch'],
      ['the visitor likes the post again', 409],
      ['the site cannot like', 403],
      ['like an unpublished draft', 404],
      ['get someone else’s like', 404],
      ['get a deleted like', 404],
      ['unlike again', 404],
      ['the unpublished post is gone', 404],
      ['the trashed post is gone', 404],
      ['get a trashed draft as a draft', 404],
      ['get a removed draft', 404],
      ['delete as a visitor', 403],
      ['translate into a language the group has', 409],
      ['translate into its own language', 409],
      ['translate as a visitor', 403],
      ['translate an unknown draft', 404],
      ['change to its own language', 400],
      ['change to a language of its group', 409],
    ]);
  });

  it('the reference rewrites the caller’s draft in place, the SDK leaves it as given (docs/blog-wire.md §E.1)', () => {
    const key = 'the caller’s draft after createDraftPost';
    const given = { title: 'Kappa', excerpt: 'no id given', heroImage: atrium.notes.hero };
    expect(atrium.notes[key]).toEqual(given);
    expect(reference.notes[key]).toEqual({
      ...given,
      heroImage: expect.objectContaining({ id: expect.any(String), width: 640, height: 360 }),
    });
  });

  it('translations join the source’s group; a language change moves the post (docs/blog-wire.md §A.1)', () => {
    const translated = result(reference, 'translate a published post') as Any;
    expect(translated.draftPost).toMatchObject({
      language: 'de',
      translationId: 'alpha',
      status: 'UNPUBLISHED',
      translations: [{ _id: 'alpha', language: 'en', status: 'PUBLISHED' }],
    });
    const source = result(reference, 'the source lists its translation') as Any;
    expect(source.draftPost.translations).toEqual([
      expect.objectContaining({ _id: translated.draftPost._id, language: 'de' }),
    ]);
    const group = result(reference, 'query a translation group') as Any;
    expect(group.first.items.map((d: Any) => d.language)).toEqual(['fr', 'de', 'en']);
    expect((result(reference, 'the post moved with its draft') as Any).post).toMatchObject({
      language: 'de',
      tagIds: [],
    });
  });

  it('post counts leave out months without published posts (the hosted docs of Query Post Count)', () => {
    const stats = reference.steps
      .filter((step) => step.step.startsWith('post count per month'))
      .map((step) => (step.result as { stats: { postCount: number }[] }).stats);
    expect(stats.length).toBe(4);
    for (const months of stats) {
      expect(months.length).toBeGreaterThan(0);
      for (const month of months) expect(month.postCount).toBeGreaterThan(0);
    }
  });

  it('the blog cache: the same answer for a visitor and the site, its date a Date', () => {
    const visitorCache = (result(reference, 'the blog cache') as Any).blogCache;
    expect(visitorCache._updatedDate).toBeInstanceOf(Date);
    expect(visitorCache.url).toEqual({ base: expect.any(String), path: '/blog' });
    expect(visitorCache.siteSupportedLanguages[0]).toEqual({
      languageCode: 'en',
      localeStatus: 'DEFAULT',
      resolutionMethodValue: 'QUERY_PARAM',
    });
    const { _updatedDate: _a, ...visitorRest } = visitorCache;
    const { _updatedDate: _b, ...ownerRest } = (result(reference, 'the blog cache, as the site') as Any)
      .blogCache;
    expect(ownerRest).toEqual(visitorRest);
  });

  it('covers every call of the six modules', () => {
    const calls = new Set(
      reference.requests.map(
        (r) =>
          `${r.method} ${r.path
            .replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, '{id}')
            .replace(/\/(alpha|beta|gamma|delta|eta|theta|iota|zeta)(?=\/|$)/, '/{id}')
            .replace(/\/slugs\/[^/]+$/, '/slugs/{slug}')
            .replace(/\/labels\/[^/]+$/, '/labels/{label}')
            .replace(/\/entity-id\/[^/]+$/, '/entity-id/{id}')}`,
      ),
    );
    expect([...calls].sort()).toEqual([
      'DELETE /blog/v1/likes/fqdn/wix.blog.v3.post/entity-id/{id}',
      'DELETE /blog/v1/likes/{id}',
      'DELETE /blog/v3/bulk/draft-posts',
      'DELETE /blog/v3/categories/{id}',
      'DELETE /blog/v3/draft-posts/trash-bin/{id}',
      'DELETE /blog/v3/draft-posts/{id}',
      'DELETE /v3/tags/{id}',
      'GET /_api/blog-cache-service/v1/blog-cache',
      'GET /blog/v1/likes/{id}',
      'GET /blog/v2/stats/post/count',
      'GET /blog/v2/stats/posts/total',
      'GET /blog/v3/categories',
      'GET /blog/v3/categories/slugs/{slug}',
      'GET /blog/v3/categories/{id}',
      'GET /blog/v3/draft-posts',
      'GET /blog/v3/draft-posts/trash-bin',
      'GET /blog/v3/draft-posts/trash-bin/{id}',
      'GET /blog/v3/draft-posts/{id}',
      'GET /v3/posts',
      'GET /v3/posts/slugs/{slug}',
      'GET /v3/posts/{id}',
      'GET /v3/posts/{id}/metrics',
      'GET /v3/tags/labels/{label}',
      'GET /v3/tags/slugs/{slug}',
      'GET /v3/tags/{id}',
      'PATCH /blog/v3/categories/{id}',
      'PATCH /blog/v3/draft-posts/update',
      'PATCH /blog/v3/draft-posts/{id}',
      'POST /blog/v1/likes',
      'POST /blog/v1/likes/query',
      'POST /blog/v3/bulk/draft-posts/create',
      'POST /blog/v3/categories',
      'POST /blog/v3/categories/query',
      'POST /blog/v3/draft-posts',
      'POST /blog/v3/draft-posts/query',
      'POST /blog/v3/draft-posts/trash-bin/{id}/restore',
      'POST /blog/v3/draft-posts/{id}/publish',
      'POST /blog/v3/multilingual/draft/{id}',
      'POST /blog/v3/multilingual/update-draft-post-language/{id}',
      'POST /v3/posts/query',
      'POST /v3/tags',
      'POST /v3/tags/query',
    ]);
  });

  it('owners call the API host, visitors and members the edge host', () => {
    const hosts = new Set(reference.requests.map((r) => r.host));
    expect([...hosts].sort()).toEqual(['api', 'edge']);
    expect(reference.requests.find((r) => r.step === 'create a category with a cover image')!.host).toBe(
      'api',
    );
    expect(reference.requests.find((r) => r.step === 'a visitor likes a post')!.host).toBe('edge');
    expect(reference.requests.find((r) => r.step === 'a member likes the post')!.host).toBe('edge');
  });
});
