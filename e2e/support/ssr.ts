import {
  type ConsoleMessage,
  expect,
  type Page,
  type Response as PlaywrightResponse,
} from '@playwright/test';
import { shows } from './shows';
import { platformUrl, siteUrl } from './urls';

// What the server-rendering tests share (tests/ssr-*.spec.ts): the showcase post, reading a page's
// head, and the console problems of a page as it loads and hydrates.

export const POST = '/post/everything-a-post-can-hold';
export const TITLE = 'Everything a post can hold';
export const OPENING = 'This post is a sampler. It holds one of everything a post can hold';

/** The attribute `attr` of the first `<tag …>` whose attributes contain `match`, decoded. */
export function attribute(html: string, tag: string, match: string, attr: string): string | undefined {
  for (const element of html.matchAll(new RegExp(`<${tag}\\b[^>]*>`, 'g'))) {
    if (!element[0].includes(match)) continue;
    const value = new RegExp(`\\s${attr}="([^"]*)"`).exec(element[0])?.[1];
    return value
      ?.replaceAll('&quot;', '"')
      .replaceAll('&#x27;', "'")
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&amp;', '&');
  }
  return undefined;
}

export const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));
export const tokenCookie = (response: Response) =>
  response.headers.getSetCookie().find((cookie) => cookie.startsWith('atrium_tokens='));

/** Every page of the site besides the blog's: its path, its title and what shows its content. */
export const PAGES: { path: string; title: string; content: (page: Page) => Promise<void> }[] = [
  {
    path: '/books',
    title: 'Books',
    content: async (page) => {
      const rows = page.getByRole('table', { name: 'Books' }).locator('tbody tr');
      await expect(rows).toHaveCount(20);
      await expect(rows.first().locator('td').first()).not.toBeEmpty();
      await expect(page.getByRole('combobox', { name: 'Author' }).locator('option')).not.toHaveCount(1);
    },
  },
  {
    path: '/gallery',
    title: 'Gallery',
    content: async (page) => {
      const gallery = page.getByTestId('gallery');
      await expect(gallery.getByRole('heading', { name: 'Demo gallery' })).toBeVisible();
      // The first picture is drawn: its src is on the platform and it loaded.
      const image = gallery.locator('img').first();
      await expect(image).toHaveAttribute('src', new RegExp(`^${platformUrl('/').replace(/[.]/g, '\\.')}`));
      await expect
        .poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth))
        .toBeGreaterThan(0);
    },
  },
  {
    path: '/contact',
    title: 'Contact us',
    content: shows((page) => [
      page.getByRole('textbox', { name: 'Name' }),
      page.getByRole('textbox', { name: 'E-mail' }),
      page.getByRole('textbox', { name: 'Message' }),
      page.getByRole('button', { name: 'Send' }),
    ]),
  },
  {
    path: '/notes',
    title: 'Notes',
    content: shows((page) => [
      page.getByText('Notes are private to each member.'),
      page.getByRole('main').getByRole('link', { name: 'Sign in' }),
    ]),
  },
  {
    path: '/account',
    title: 'Your account',
    content: shows((page) => page.getByText('This page is for members.')),
  },
  {
    path: '/sign-in',
    title: 'Sign in',
    content: shows((page) => [
      page.getByRole('textbox', { name: 'E-mail' }),
      page.getByRole('link', { name: 'Forgot your password?' }),
    ]),
  },
  {
    path: '/sign-up',
    title: 'Create an account',
    content: shows((page) => page.getByRole('textbox', { name: 'E-mail' })),
  },
  {
    path: '/forgot-password',
    title: 'Reset your password',
    content: shows((page) => page.getByRole('textbox', { name: 'E-mail' })),
  },
  {
    path: '/reset-password',
    title: 'Set a new password',
    content: shows((page) => page.getByText('this page opens from the link in the reset e-mail')),
  },
];

/**
 * Chromium's own notice about the rich content's video frames, which set both `allow` and
 * `allowfullscreen` (packages/react/src/rich-content): not a hydration matter, and logged with or
 * without server rendering.
 */
const KNOWN = ["Allow attribute will take precedence over 'allowfullscreen'."];
/** Chromium asks for /favicon.ico now and then, whatever the page: not the page's request. */
const isFavicon = (url: string) => new URL(url).pathname === '/favicon.ico';

/** Console errors and warnings (and failed requests) while `path` loads and hydrates. */
export async function consoleProblems(
  page: Page,
  path: string,
  ready: () => Promise<void>,
): Promise<string[]> {
  const problems: string[] = [];
  const listener = (message: ConsoleMessage) => {
    if (
      (message.type() === 'error' || message.type() === 'warning') &&
      !KNOWN.includes(message.text()) &&
      !isFavicon(message.location().url)
    ) {
      problems.push(`${message.text()} (${message.location().url})`);
    }
  };
  const failed = (response: PlaywrightResponse) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  };
  const thrown = (error: Error) => problems.push(error.message);
  page.on('console', listener);
  page.on('response', failed);
  page.on('pageerror', thrown);
  await page.goto(siteUrl(path));
  await ready();
  page.off('console', listener);
  page.off('response', failed);
  page.off('pageerror', thrown);
  return problems;
}
