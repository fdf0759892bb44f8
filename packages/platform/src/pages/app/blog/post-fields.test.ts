import type { DraftPost } from '@atrium/contract/types';
import { describe, expect, it } from 'vitest';
import { fieldsOf, inputOf } from './post-fields.js';

describe('post fields', () => {
  const post: DraftPost = {
    id: 'd1',
    title: 'Tomatoes',
    seoSlug: 'tomatoes',
    excerpt: 'Sun and water.',
    categoryIds: ['c1'],
    tagIds: ['t1', 't2'],
    featured: true,
    heroImage: { id: 'hero.png', width: 10, height: 10, altText: 'A tomato' },
    seoData: {
      tags: [
        { type: 'title', children: 'Tomatoes, the guide', custom: true, disabled: false },
        { type: 'meta', props: { name: 'description', content: 'All about tomatoes.' }, custom: true },
        { type: 'meta', props: { name: 'robots', content: 'noindex' } },
      ],
      settings: { preventAutoRedirect: true },
    },
  };

  it('reads the SEO title and description from seoData and writes them back, keeping the other tags', () => {
    const fields = fieldsOf(post, true);
    expect(fields).toMatchObject({
      title: 'Tomatoes',
      slug: 'tomatoes',
      seoTitle: 'Tomatoes, the guide',
      seoDescription: 'All about tomatoes.',
      featured: true,
      pinned: true,
    });
    const input = inputOf({ ...fields, seoTitle: 'New SEO title', seoDescription: '' }, post.seoData);
    expect(input.seoData).toEqual({
      tags: [
        { type: 'meta', props: { name: 'robots', content: 'noindex' } },
        { type: 'title', children: 'New SEO title', custom: true, disabled: false },
      ],
      settings: { preventAutoRedirect: true },
    });
    expect(input).toMatchObject({
      title: 'Tomatoes',
      seoSlug: 'tomatoes',
      categoryIds: ['c1'],
      tagIds: ['t1', 't2'],
    });
  });

  it('an emptied slug or excerpt is cleared (null), not sent as an empty string', () => {
    const input = inputOf({ ...fieldsOf(post, false), slug: '  ', excerpt: '' }, undefined);
    expect(input.seoSlug).toBeNull();
    expect(input.excerpt).toBeNull();
  });
});
