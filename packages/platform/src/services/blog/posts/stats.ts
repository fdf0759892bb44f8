import { BLOG_LIMITS, type PostCountStatsQuery } from '@atrium/contract';
import type { Static } from '@fastify/type-provider-typebox';
import { invalidField } from '../errors.js';
import { type BlogContext, nowOf } from '../shared/context.js';
import { countPublished, postCountPerMonth, validTimeZone } from './store.js';

/** Post statistics (docs/wire.md §10.1): the total of published posts, and published posts per month. */
export async function getTotalPosts(ctx: BlogContext, language: string | undefined) {
  return { total: await countPublished(ctx.db, language) };
}

export async function queryPostCountStats(ctx: BlogContext, query: Static<typeof PostCountStatsQuery>) {
  const timeZone = query.timeZone ?? 'UTC';
  if (!(await validTimeZone(ctx.db, timeZone)))
    throw invalidField('timeZone', `is not a known time zone: ${timeZone}`);
  const months = query.months ?? 12;
  const now = nowOf(ctx);
  const rangeStart = query.rangeStart
    ? new Date(query.rangeStart)
    : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (months - 1), 1));
  if (Number.isNaN(rangeStart.getTime())) throw invalidField('rangeStart', 'is not a date');
  const stats = await postCountPerMonth(
    ctx.db,
    rangeStart,
    Math.min(months, BLOG_LIMITS.maxStatsMonths),
    timeZone,
    query.language,
  );
  // The hosted docs (REST "Query Post Count", SDK `queryPostCountStats`): "If there are no published
  // posts in a month within the time range, that month is not included in the response."
  const published = stats.filter((stat) => stat.postCount > 0);
  const ordered = query.order === 'NEWEST' ? [...published].reverse() : published;
  return {
    stats: ordered.map((stat) => ({
      periodStart: stat.periodStart.toISOString(),
      postCount: stat.postCount,
    })),
  };
}
