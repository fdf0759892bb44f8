import { expect, type Page } from '@playwright/test';
import { shows } from './shows';

// The demo site's pages, as tests/site.spec.ts and tests/a11y.spec.ts visit them.

/** The post that holds every kind of rich-content node. */
export const EVERY_NODE_POST = '/post/everything-a-post-can-hold';

/** Each page, and what shows that its content has arrived (so that its width is final). */
export const SITE_PAGES: { path: string; title: string; ready: (page: Page) => Promise<void> }[] = [
  {
    path: '/',
    title: 'Atrium demo site',
    ready: async (page) => {
      await expect(
        page.getByRole('region', { name: 'Latest from the blog' }).getByTestId('post-card'),
      ).toHaveCount(3);
      await expect(page.getByRole('region', { name: 'From the gallery' }).locator('img')).toHaveCount(6);
    },
  },
  {
    path: '/blog',
    title: 'Blog · Atrium demo',
    ready: shows((page) => page.getByRole('region', { name: 'Posts' }).getByTestId('post-card').first()),
  },
  {
    path: EVERY_NODE_POST,
    title: 'Everything a post can hold · Atrium demo',
    ready: shows((page) => [
      page.getByRole('heading', { level: 1, name: 'Everything a post can hold' }),
      page.getByRole('region', { name: 'Related posts' }),
    ]),
  },
  {
    path: '/blog/archive',
    title: 'Archive · Atrium demo',
    ready: shows((page) => page.getByRole('navigation', { name: 'Months' }).getByRole('link').first()),
  },
  {
    path: '/gallery',
    title: 'Gallery · Atrium demo',
    ready: shows((page) => page.getByRole('button', { name: 'Harbor at dusk', exact: true })),
  },
  {
    path: '/books',
    title: 'Books · Atrium demo',
    ready: async (page) => {
      await expect(page.getByRole('status')).toHaveText(/\d+ results/);
    },
  },
  {
    path: '/notes',
    title: 'Notes · Atrium demo',
    ready: shows((page) => page.getByText('Notes are private to each member.')),
  },
  {
    path: '/contact',
    title: 'Contact us · Atrium demo',
    ready: shows((page) => page.getByRole('button', { name: /send|submit/i })),
  },
  {
    path: '/sign-in',
    title: 'Sign in · Atrium demo',
    ready: shows((page) => page.getByLabel('Password')),
  },
  {
    path: '/sign-up',
    title: 'Create an account · Atrium demo',
    ready: shows((page) => page.getByLabel('Password')),
  },
];

/** One of SITE_PAGES, by path. */
export function sitePage(path: string): (typeof SITE_PAGES)[number] {
  const found = SITE_PAGES.find((candidate) => candidate.path === path);
  if (!found) throw new Error(`no site page ${path}`);
  return found;
}
