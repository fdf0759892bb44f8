import { describe, expect, it } from 'vitest';
import { blogKitPerFile, CATEGORIES, DRAFTS, POSTS, paragraph, TAGS } from '../test-kit.js';

// translateDraft and updateDraftPostLanguage (docs/blog-wire.md §A.1), with the rules the reference's
// typings document (@wix/auto_sdk_blog_draft-posts 1.0.107, TranslateDraft and UpdateDraftPostLanguage).
const TRANSLATE = '/blog/v3/multilingual/draft';
const CHANGE_LANGUAGE = '/blog/v3/multilingual/update-draft-post-language';

const kit = blogKitPerFile({ siteUrl: 'https://site.example' });
/** A category created by the API key. */
const category = async (input: object) => (await kit.ok('POST', CATEGORIES, { category: input })).category;

describe('translate a draft', () => {
  it('creates an unpublished copy in the language, linked by translationId; categories follow their translations', async () => {
    const news = await category({ label: 'News' });
    const nachrichten = await category({ label: 'Nachrichten', language: 'de', translationId: news.id });
    const solo = await category({ label: 'Solo' });
    const tag = (await kit.ok('POST', TAGS, { label: 'only-en' })).tag;
    const source = await kit.draft(
      {
        title: 'Garden notes',
        excerpt: 'Spring',
        featured: true,
        commentingEnabled: false,
        hashtags: ['green'],
        categoryIds: [news.id, solo.id],
        tagIds: [tag.id],
        seoSlug: 'garden',
        richContent: { nodes: [paragraph('tulips and roses', 'p1')] },
      },
      { publish: true },
    );

    const { draftPost } = await kit.ok('POST', `${TRANSLATE}/${source.id}`, {
      postId: source.id,
      language: 'de',
      fieldsets: ['URL', 'RICH_CONTENT', 'TRANSLATIONS'],
    });
    expect(draftPost).toMatchObject({
      title: 'Garden notes',
      excerpt: 'Spring',
      featured: true,
      commentingEnabled: false,
      hashtags: ['green'],
      categoryIds: [nachrichten.id],
      tagIds: [],
      language: 'de',
      translationId: source.translationId,
      status: 'UNPUBLISHED',
      seoSlug: 'garden-notes',
      url: { base: 'https://site.example', path: '/post/garden-notes' },
      richContent: { nodes: [paragraph('tulips and roses', 'p1')] },
      translations: [
        {
          id: source.id,
          language: 'en',
          status: 'PUBLISHED',
          slug: 'garden',
          url: { base: 'https://site.example', path: '/post/garden' },
        },
      ],
    });
    expect(draftPost.id).not.toBe(source.id);
    expect(draftPost.seoData).toBeUndefined();

    // The source keeps its status and now lists the translation.
    const again = (await kit.ok('GET', `${DRAFTS}/${source.id}?fieldsets=TRANSLATIONS`)).draftPost;
    expect(again.status).toBe('PUBLISHED');
    expect(again.translations).toEqual([
      { id: draftPost.id, language: 'de', status: 'UNPUBLISHED', slug: 'garden-notes' },
    ]);
    expect((await kit.ok('GET', `${DRAFTS}/${source.id}`)).draftPost.translations).toBeUndefined();

    // A published post can be translated by its id too; a translation of a translation joins the group.
    const french = (await kit.ok('POST', `${TRANSLATE}/${draftPost.id}`, { language: 'fr' })).draftPost;
    expect(french).toMatchObject({ language: 'fr', translationId: source.translationId, categoryIds: [] });

    // Its own language, or one the group has, is ALREADY_EXISTS.
    for (const [id, language] of [
      [source.id, 'en'],
      [source.id, 'de'],
      [french.id, 'de'],
    ]) {
      const refused = await kit.call('POST', `${TRANSLATE}/${id}`, { language });
      expect(refused.status, `${id} ${language}`).toBe(409);
      expect(refused.body.details.applicationError.code).toBe('ALREADY_EXISTS');
    }
    const unknown = await kit.call('POST', `${TRANSLATE}/00000000-0000-4000-8000-000000000000`, {
      language: 'it',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.details.applicationError.code).toBe('DRAFT_POST_NOT_FOUND');
    expect((await kit.call('POST', `${TRANSLATE}/${source.id}`, {})).status).toBe(400);
    const visitor = await kit.visitor();
    expect((await kit.call('POST', `${TRANSLATE}/${source.id}`, { language: 'it' }, visitor)).status).toBe(
      403,
    );

    // Two translations of titles equal in one language get distinct slugs there.
    const twin = await kit.draft({ title: 'Garden notes', language: 'es' });
    const twinCopy = (await kit.ok('POST', `${TRANSLATE}/${twin.id}`, { language: 'de' })).draftPost;
    expect(twinCopy.seoSlug).toBe('garden-notes-2');
  });
});

describe('change a draft’s language', () => {
  it('moves the draft and its published post, keeps slugs unique, maps categories, clears tags', async () => {
    const travel = await category({ label: 'Travel' });
    const reisen = await category({ label: 'Reisen', language: 'de', translationId: travel.id });
    const tag = (await kit.ok('POST', TAGS, { label: 'roads' })).tag;
    await kit.draft({ title: 'Road trip', language: 'de' });
    const moved = await kit.draft(
      { title: 'Road trip', categoryIds: [travel.id], tagIds: [tag.id], relatedPostIds: [] },
      { publish: true },
    );
    expect(moved.seoSlug).toBe('road-trip');

    const { draftPost } = await kit.ok('POST', `${CHANGE_LANGUAGE}/${moved.id}`, {
      postId: moved.id,
      language: 'de',
      fieldsets: ['URL'],
    });
    expect(draftPost).toMatchObject({
      id: moved.id,
      language: 'de',
      categoryIds: [reisen.id],
      tagIds: [],
      relatedPostIds: [],
      status: 'PUBLISHED',
      seoSlug: 'road-trip-2',
      url: { path: '/post/road-trip-2' },
    });
    const { post } = await kit.ok('GET', `${POSTS}/${moved.id}`);
    expect(post).toMatchObject({ language: 'de', categoryIds: [reisen.id], tagIds: [], slug: 'road-trip-2' });
    expect((await kit.ok('GET', `${POSTS}/slugs/road-trip-2?language=de`)).post.id).toBe(moved.id);
    expect(
      (await kit.ok('GET', `${POSTS}?language=en`)).posts.map((p: { id: string }) => p.id),
    ).not.toContain(moved.id);

    // Its own language is INVALID_ARGUMENT; a language of its translation group is ALREADY_EXISTS.
    const same = await kit.call('POST', `${CHANGE_LANGUAGE}/${moved.id}`, { language: 'de' });
    expect(same.status).toBe(400);
    const copy = (await kit.ok('POST', `${TRANSLATE}/${moved.id}`, { language: 'en' })).draftPost;
    expect(copy.seoSlug).toBe('road-trip');
    const taken = await kit.call('POST', `${CHANGE_LANGUAGE}/${copy.id}`, { language: 'de' });
    expect(taken.status).toBe(409);
    expect(taken.body.details.applicationError.code).toBe('ALREADY_EXISTS');
    // A free slug is kept.
    expect(
      (await kit.ok('POST', `${CHANGE_LANGUAGE}/${copy.id}`, { language: 'it' })).draftPost,
    ).toMatchObject({ language: 'it', seoSlug: 'road-trip' });
    expect(
      (await kit.call('POST', `${CHANGE_LANGUAGE}/00000000-0000-4000-8000-000000000000`, { language: 'fr' }))
        .status,
    ).toBe(404);
  });
});
