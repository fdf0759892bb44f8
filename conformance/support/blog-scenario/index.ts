/**
 * The blog scenario both clients run (conformance/blog.test.ts): the site (API key) writes
 * categories, tags and drafts with rich content and hero images and publishes them over four
 * months of the platform's clock; visitors read, list and query the posts with every operator;
 * a visitor and a member like; the site unpublishes, trashes, restores, schedules and deletes.
 * Arguments are made fresh for every call (the reference rewrites them in place, docs/blog-wire.md §E.1).
 */
import type { Scenario } from '../blog-peers';
import { categories } from './categories';
import { editing } from './draft-edits';
import { writing } from './drafts';
import { lifecycle } from './lifecycle';
import { liking } from './likes';
import { querying } from './queries';
import { reading } from './reading';
import { tags } from './tags';
import { translating } from './translations';

/** The chapters, in order (each step's result and requests are compared in this order). */
export const blogScenario: Scenario = async (clients, setup, step) => {
  const world = { ...(await categories(clients, setup, step)), ...(await tags(clients, setup, step)) };
  await writing(clients, setup, step, world);
  await editing(clients, setup, step, world);
  await reading(clients, setup, step, world);
  await querying(clients, setup, step, world);
  await liking(clients, setup, step);
  await lifecycle(clients, setup, step);
  await translating(clients, setup, step, world);
};
