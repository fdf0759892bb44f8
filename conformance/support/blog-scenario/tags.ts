import type { BlogClients, Setup, Step } from '../blog-peers';
import { pages, type World } from './shared';

// ── Tags ────────────────────────────────────────────────────────────────────────────────────────

export async function tags(
  { owner, visitor, member }: BlogClients,
  _setup: Setup,
  step: Step,
): Promise<Pick<World, 'js' | 'trips' | 'cooking'>> {
  const js = await step('create a tag', () => owner.tags.createTag('JavaScript', { fieldsets: ['URL'] }));
  const trips = await step('create a tag with a slug', () =>
    owner.tags.createTag('road trips', { slug: 'trips' }),
  );
  const cooking = await step('create a tag with a language', () =>
    owner.tags.createTag('cooking', { language: 'en' }),
  );
  const obsolete = await step('create a tag to delete', () => owner.tags.createTag('obsolete'));
  await step('create a tag as a member', () => member.tags.createTag('mine'));
  await step('get a tag', () => visitor.tags.getTag(js?.tag?._id, { fieldsets: ['URL'] }));
  await step('get a tag by slug', () => visitor.tags.getTagBySlug('trips', { language: 'en' }));
  await step('get a tag by label', () => visitor.tags.getTagByLabel('cooking', { fieldsets: ['URL'] }));
  await step('query tags: eq', () => visitor.tags.queryTags().eq('label', 'JavaScript').find().then(pages));
  await step('query tags: or, in, startsWith, sorted', () =>
    visitor.tags
      .queryTags({ fieldsets: ['URL'] })
      .startsWith('slug', 'c')
      .or(visitor.tags.queryTags().in('_id', [trips?.tag?._id]))
      .ascending('label')
      .find()
      .then(pages),
  );
  await step('query tags: created after, skip and limit, next page', () =>
    visitor.tags
      .queryTags()
      .gt('_createdDate', new Date('2024-01-10T09:00:00.000Z'))
      .ascending('_createdDate')
      .skip(1)
      .limit(2)
      .find()
      .then(pages),
  );
  await step('query tags: typed', () =>
    visitor.tags.queryTags(
      {
        filter: { label: { $ne: 'obsolete' } },
        sort: [{ fieldName: 'slug', order: 'DESC' }],
        paging: { limit: 10 },
      },
      { fieldsets: ['URL'] },
    ),
  );
  await step('delete a tag', () => owner.tags.deleteTag(obsolete?.tag?._id));
  await step('get a deleted tag', () => visitor.tags.getTag(obsolete?.tag?._id));
  return { js: js?.tag?._id, trips: trips?.tag?._id, cooking: cooking?.tag?._id };
}
