import type { PostsQuery } from '../blog-clients';
import type { BlogClients, Setup, Step } from '../blog-peers';
import { pageOf } from '../query-page';
import { pages, UNKNOWN, type World } from './shared';

// ── Queries: every operator of docs/spec.md §7 ──────────────────────────────────────────────────────────

export async function querying({ visitor }: BlogClients, setup: Setup, step: Step, world: World) {
  const q = (options?: object) => visitor.posts.queryPosts(options);
  const find = (label: string, build: () => PostsQuery) =>
    step(`query posts: ${label}`, () => build().find().then(pages));
  await find('everything', () => q());
  await find('eq', () => q().eq('title', 'Beta travels'));
  await find('ne', () => q().ne('featured', true).ascending('title'));
  await find('gt (date)', () => q().gt('firstPublishedDate', new Date('2024-02-03T08:00:00.000Z')));
  await find('ge (number)', () => q().ge('minutesToRead', 5).ascending('title'));
  await find('lt (date)', () => q().lt('lastPublishedDate', new Date('2024-02-20T12:00:00.000Z')));
  await find('le (number)', () => q().le('minutesToRead', 3).descending('title'));
  await find('gt (text)', () => q().gt('title', 'C').ascending('title'));
  await find('in', () => q().in('_id', ['alpha', 'gamma', UNKNOWN]));
  await find('in (numbers)', () => q().in('minutesToRead', [1, 7]));
  await find('hasSome (tags)', () => q().hasSome('tagIds', [world.js]));
  await find('hasSome (categories, spread)', () => q().hasSome('categoryIds', world.recipes, world.travel));
  await find('hasSome (hashtags)', () => q().hasSome('hashtags', ['hello']));
  await find('hasSome (member)', () => q().hasSome('memberId', [setup.memberId]));
  await find('hasAll (categories)', () => q().hasAll('categoryIds', [world.news, world.travel]));
  await find('hasAll (hashtags)', () => q().hasAll('hashtags', 'trip', 'food'));
  await find('startsWith (slug)', () => q().startsWith('slug', 'ga'));
  await find('startsWith (title, any case)', () => q().startsWith('title', 'ALPHA'));
  await find('exists', () => q().exists('language'));
  await find('exists false', () => q().exists('title', false));
  await find('isEmpty', () => q().isEmpty('memberId').ascending('title'));
  await find('isNotEmpty', () => q().isNotEmpty('memberId'));
  await find('endsWith', () => q().endsWith('slug', 'notes'));
  await find('contains (any case)', () => q().contains('title', 'TRAVEL'));
  await find('and (explicit)', () => q().and(q().eq('featured', true)).and(q().le('minutesToRead', 3)));
  // Offset paging on a cursor query: both refuse before sending (the reference with an accidental
  // TypeError of its paging code, the SDK with one that names skipTo).
  await step('query posts: skip is refused', async () => {
    try {
      q().ascending('title').skip(3);
      return 'accepted';
    } catch (error) {
      return { refused: (error as Error).name };
    }
  });
  await find('between', () =>
    q().between(
      'firstPublishedDate',
      new Date('2024-02-01T00:00:00.000Z'),
      new Date('2024-03-01T00:00:00.000Z'),
    ),
  );
  await find('and', () =>
    q().eq('featured', true).hasSome('tagIds', [world.trips]).eq('commentingEnabled', true),
  );
  await find('or', () => q().eq('language', 'fr').or(q().eq('featured', true)));
  await find('not', () =>
    q()
      .not(q().hasSome('hashtags', ['trip']))
      .ascending('title'),
  );
  await find('booleans', () =>
    q().eq('pinned', false).ne('media.displayed', false).eq('commentingEnabled', false),
  );
  await find('metrics', () => q().gt('metrics.views', 2).descending('metrics.views'));
  await find('sorted by two fields', () => q().descending('featured').ascending('slug'));
  await find('sorted by date, descending', () => q().descending('firstPublishedDate'));
  await find('with fieldsets, without a count', () =>
    q({ fieldsets: ['URL', 'METRICS', 'CONTENT_TEXT'], skipCount: true })
      .ascending('title')
      .limit(2),
  );
  await find('unknown field', () => q().eq('color', 'red'));

  // Cursor paging both ways.
  const first = await step('query posts: first page', () => q().ascending('title').limit(2).find(), pageOf);
  const second = await step('query posts: next page', () => first!.next(), pageOf);
  const third = await step('query posts: last page', () => second!.next(), pageOf);
  const back = await step('query posts: previous page', () => third!.prev(), pageOf);
  await step('query posts: previous page again', () => back!.prev(), pageOf);
  await step('query posts: no page before the first', () => first!.prev(), pageOf);
  await step('query posts: no page after the last', () => third!.next(), pageOf);
  await step('query posts: skipTo a cursor', () =>
    q().skipTo(second?.cursors?.next).limit(2).find().then(pageOf),
  );
  // The typed form (the raw answer): cursor and offset paging.
  await step('query posts typed: filter, sort, cursor paging', () =>
    visitor.posts.queryPosts(
      {
        filter: { $or: [{ _id: 'alpha' }, { minutesToRead: { $gte: 5 } }], title: { $ne: 'x' } },
        sort: [{ fieldName: 'firstPublishedDate', order: 'ASC' }],
        cursorPaging: { limit: 2 },
      },
      { fieldsets: ['URL'] },
    ),
  );
  await step('query posts typed: offset paging', () =>
    visitor.posts.queryPosts({
      sort: [{ fieldName: 'title', order: 'ASC' }],
      paging: { limit: 2, offset: 2 },
    }),
  );
}
