import type { BlogClients, Setup, Step } from '../blog-peers';
import { pageOf } from '../query-page';
import { pages, type World } from './shared';

// ── Categories ──────────────────────────────────────────────────────────────────────────────────

export async function categories(
  { owner, visitor }: BlogClients,
  setup: Setup,
  step: Step,
): Promise<Pick<World, 'news' | 'travel' | 'recipes'>> {
  const news = await step('create a category with a cover image', () =>
    owner.categories.createCategory(
      {
        label: 'News',
        description: 'What is new',
        title: 'News of the blog',
        coverImage: setup.cover,
        displayPosition: 0,
      },
      { fieldsets: ['URL'] },
    ),
  );
  const travel = await step('create a category', () =>
    owner.categories.createCategory({ label: 'Travel', displayPosition: 1 }),
  );
  const recipes = await step('create a category with a slug', () =>
    owner.categories.createCategory(
      { label: 'Recipes', slug: 'food', displayPosition: 2 },
      { fieldsets: ['SEO'] },
    ),
  );
  const old = await step('create a category to delete', () =>
    owner.categories.createCategory({ label: 'Old stuff', displayPosition: 3 }),
  );
  await step('create a category as a visitor', () => visitor.categories.createCategory({ label: 'Nope' }));
  await step('update a category', () =>
    owner.categories.updateCategory(
      travel?._id,
      { label: 'Travel & places', description: 'Trips', displayPosition: 1 },
      { fieldsets: ['URL', 'SEO'] },
    ),
  );
  await step('get a category', () =>
    visitor.categories.getCategory(news?._id, { fieldsets: ['URL', 'SEO'] }),
  );
  await step('get a category by slug', () =>
    visitor.categories.getCategoryBySlug('food', { fieldsets: ['URL'], language: 'en' }),
  );
  await step('list categories', () => visitor.categories.listCategories());
  await step('list categories, offset page', () =>
    visitor.categories.listCategories({ paging: { limit: 2, offset: 1 }, fieldsets: ['URL'] }),
  );
  await step('query categories: eq', () =>
    visitor.categories.queryCategories().eq('label', 'News').find().then(pages),
  );
  await step('query categories: startsWith, ne, in', () =>
    visitor.categories
      .queryCategories({ fieldsets: ['URL'] })
      .startsWith('slug', 'tr')
      .ne('label', 'News')
      .in('_id', [travel?._id, news?._id])
      .find()
      .then(pages),
  );
  const only = await step(
    'query categories: one page',
    () => visitor.categories.queryCategories().eq('label', 'News').find(),
    pageOf,
  );
  await step('query categories: no page after the last', () => only!.next(), pageOf);
  await step('query categories: no page before the first', () => only!.prev(), pageOf);
  await step('query categories: sorted, skip and limit, next page', () =>
    visitor.categories.queryCategories().descending('label').skip(1).limit(2).find().then(pages),
  );
  await step('query categories: typed', () =>
    visitor.categories.queryCategories({
      filter: { displayPosition: { $gte: 1 } },
      sort: [{ fieldName: 'displayPosition', order: 'DESC' }],
      paging: { limit: 2, offset: 0 },
    }),
  );
  await step('delete a category', () => owner.categories.deleteCategory(old?._id));
  await step('get a deleted category', () => visitor.categories.getCategory(old?._id));
  return { news: news?._id, travel: travel?._id, recipes: recipes?._id };
}
