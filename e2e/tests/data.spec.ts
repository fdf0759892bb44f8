import { expect, type Locator, type Page, test } from '@playwright/test';
import { type Item, ownerCount, ownerGet, ownerQuery } from '../support/data-api';
import { signUpAndVerify } from '../support/members';
import { memberByEmail, uniqueEmail } from '../support/platform-api';
import { siteUrl } from '../support/urls';

// Data collections in real Chromium: the built site against a platform with the demo seed. What
// the pages show is checked against what the platform holds, read with the owner's API key.
const BOOKS = 'Books';
const NOTES = 'MemberNotes';
const PAGE_SIZE = 20;

const table = (page: Page) => page.getByRole('table', { name: 'Books' });
const status = (page: Page) => page.getByRole('status').first();
const pageLabel = (page: Page) => page.getByRole('navigation', { name: 'Pages' }).locator('.atrium-page');
const header = (page: Page, name: string) => page.getByRole('columnheader', { name });

const COLUMNS = ['title', 'author', 'year', 'rating', 'pages', 'tags'] as const;
/** The text of one column of the table, row by row. */
const column = (page: Page, name: (typeof COLUMNS)[number]) =>
  table(page)
    .locator(`tbody tr td:nth-child(${COLUMNS.indexOf(name) + 1})`)
    .allTextContents();

/** Waits until the table shows `expected` (the titles of a page), whatever was shown before. */
async function expectTitles(page: Page, expected: string[]) {
  await expect(table(page).locator('tbody tr td:first-child')).toHaveText(expected);
}

const titlesOf = (items: Item[]) => items.map((item) => String(item.title));
const pageCount = (count: number) => Math.max(1, Math.ceil(count / PAGE_SIZE));

test('a visitor browses the public books: pages, sorts by a column, filters by title and tag', async ({
  page,
}) => {
  await page.goto(siteUrl('/'));
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Books' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Books' })).toBeVisible();

  // Sorted by title: the platform's first 40 titles, in two pages.
  const total = await ownerCount(BOOKS);
  expect(total).toBeGreaterThanOrEqual(200);
  const byTitle = titlesOf(
    await ownerQuery(BOOKS, {}, [{ fieldName: 'title', order: 'ASC' }], 2 * PAGE_SIZE),
  );
  await expect(status(page)).toHaveText(`${total} results`);
  await expect(pageLabel(page)).toHaveText(`Page 1 of ${pageCount(total)}`);
  await expect(header(page, 'Title')).toHaveAttribute('aria-sort', 'ascending');
  await expectTitles(page, byTitle.slice(0, PAGE_SIZE));
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(pageLabel(page)).toHaveText(`Page 2 of ${pageCount(total)}`);
  await expectTitles(page, byTitle.slice(PAGE_SIZE));
  await page.getByRole('button', { name: 'Previous' }).click();
  await expectTitles(page, byTitle.slice(0, PAGE_SIZE));

  // Sort by year, newest first: back on page 1, the platform's newest books.
  await page.getByRole('button', { name: 'Year' }).click();
  await expect(header(page, 'Year')).toHaveAttribute('aria-sort', 'ascending');
  await expect(header(page, 'Title')).not.toHaveAttribute('aria-sort');
  await page.getByRole('button', { name: 'Year' }).click();
  await expect(header(page, 'Year')).toHaveAttribute('aria-sort', 'descending');
  const newest = await ownerQuery(BOOKS, {}, [{ fieldName: 'year', order: 'DESC' }], PAGE_SIZE);
  await expect(table(page).locator('tbody tr td:nth-child(3)')).toHaveText(
    newest.map((book) => String(book.year)),
  );
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(pageLabel(page)).toHaveText(`Page 2 of ${pageCount(total)}`);
  const years = (await column(page, 'year')).map(Number);
  expect(years).toEqual([...years].sort((a, b) => b - a));
  expect(years[0]).toBeLessThanOrEqual(Number(newest.at(-1)!.year));

  // Title contains "of the" (any case): back on page 1, the platform's count, every title matches.
  await page.getByRole('searchbox', { name: 'Title' }).fill('OF THE');
  const matching = await ownerCount(BOOKS, { title: { $contains: 'of the' } });
  expect(matching).toBeGreaterThan(PAGE_SIZE);
  await expect(status(page)).toHaveText(`${matching} results`);
  await expect(pageLabel(page)).toHaveText(`Page 1 of ${pageCount(matching)}`);
  for (const title of await column(page, 'title')) expect(title.toLowerCase()).toContain('of the');

  // Title starts with "the", and tagged poetry.
  await page.getByRole('searchbox', { name: 'Title' }).fill('the');
  await page.getByRole('combobox', { name: 'Match' }).selectOption({ label: 'starts with' });
  await page.getByRole('combobox', { name: 'Tag' }).selectOption('poetry');
  const filter = { title: { $startsWith: 'the' }, tags: { $hasSome: ['poetry'] } };
  const poetry = await ownerQuery(BOOKS, filter, [{ fieldName: 'year', order: 'DESC' }]);
  expect(poetry.length).toBeGreaterThan(0);
  await expect(status(page)).toHaveText(`${poetry.length} ${poetry.length === 1 ? 'result' : 'results'}`);
  await expectTitles(page, titlesOf(poetry).slice(0, PAGE_SIZE));
  for (const tags of await column(page, 'tags')) expect(tags.split(', ')).toContain('poetry');

  await page.getByRole('searchbox', { name: 'Title' }).fill('no such book anywhere');
  await expect(page.getByText('No books match these filters.')).toBeVisible();
  await expect(status(page)).toHaveText('0 results');
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
});

test('a visitor is asked to sign in on /notes, and no notes are requested', async ({ page }) => {
  const dataRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/wix-data/')) dataRequests.push(request.url());
  });
  await page.goto(siteUrl('/notes'));
  await expect(page.getByText('Notes are private to each member.')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign in' })).toHaveAttribute(
    'href',
    '/sign-in',
  );
  expect(dataRequests).toEqual([]);
});

const note = (page: Page, title: string): Locator => page.getByRole('article', { name: title, exact: true });

async function addNote(page: Page, title: string, text: string) {
  const form = page.getByRole('region', { name: 'Add a note' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Text').fill(text);
  await form.getByRole('button', { name: 'Add note' }).click();
  await expect(note(page, title)).toBeVisible();
}

/** A data call from the page's own browser session: its stored member token, raw HTTP. */
function callAsPage(page: Page, route: string, body: unknown) {
  return page.evaluate(
    async ({ route, body }) => {
      const tokens = JSON.parse(localStorage.getItem('atrium.tokens') ?? 'null');
      const base = (window as { __ATRIUM__?: { platformUrl: string } }).__ATRIUM__!.platformUrl;
      const response = await fetch(`${base}/wix-data${route}`, {
        method: 'POST',
        headers: { authorization: tokens.accessToken.value, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: await response.json() };
    },
    { route, body },
  );
}

test('members add, edit and delete their own notes; another member can neither see nor change them', async ({
  page,
  browser,
}) => {
  const run = Date.now().toString(36);
  const kept = `Groceries ${run}`;
  const dropped = `Draft ${run}`;

  // Member A: two notes, one edited, the other deleted.
  const emailA = uniqueEmail('e2e-notes-a');
  await signUpAndVerify(page, emailA);
  await expect(page.getByTestId('session')).toContainText(`Signed in as ${emailA}`);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Notes' }).click();
  await expect(page.getByText('You have no notes yet.')).toBeVisible();
  await addNote(page, kept, 'milk');
  await expect(page.getByRole('status').first()).toHaveText(`Added “${kept}”.`);
  await addNote(page, dropped, 'to be deleted');
  await expect(page.getByText('2 results')).toBeVisible();

  await note(page, kept).getByRole('button', { name: 'Edit' }).click();
  const editing = note(page, `Edit “${kept}”`);
  await editing.getByLabel('Title').fill(`${kept} (edited)`);
  await editing.getByLabel('Text').fill('milk, eggs');
  await editing.getByRole('button', { name: 'Save' }).click();
  const edited = `${kept} (edited)`;
  await expect(note(page, edited)).toContainText('milk, eggs');
  // The page's message is the last action's: the edit, no longer the addition.
  await expect(page.getByRole('status').first()).toHaveText(`Saved “${edited}”.`);

  // Deleting asks first, in an accessible dialog: Cancel (or Escape) keeps the note.
  const deleteButton = note(page, dropped).getByRole('button', { name: 'Delete' });
  await deleteButton.click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this note?' });
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText(`“${dropped}” will be deleted`);
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(deleteButton).toBeFocused();
  await deleteButton.click();
  await expect(confirm).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
  await expect(page.getByText('2 results')).toBeVisible();
  expect(await ownerQuery(NOTES, { title: dropped })).toHaveLength(1);
  // Confirmed, it goes.
  await deleteButton.click();
  await confirm.getByRole('button', { name: 'Delete note' }).click();
  await expect(note(page, dropped)).toHaveCount(0);
  await expect(page.getByText('1 result', { exact: true })).toBeVisible();
  await expect(page.getByRole('status').first()).toHaveText(`Deleted “${dropped}”.`);

  // The platform holds exactly that, owned by A.
  const memberA = await memberByEmail(emailA);
  const stored = await ownerQuery(NOTES, { _owner: memberA.id });
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({ title: edited, body: 'milk, eggs', _owner: memberA.id });
  const noteId = String(stored[0]!._id);

  // Member B, in a browser context of their own, sees none of it.
  const contextB = await browser.newContext();
  try {
    const pageB = await contextB.newPage();
    const emailB = uniqueEmail('e2e-notes-b');
    await signUpAndVerify(pageB, emailB);
    await expect(pageB.getByTestId('session')).toContainText(`Signed in as ${emailB}`);
    await pageB.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Notes' }).click();
    await expect(pageB.getByText('You have no notes yet.')).toBeVisible();
    await expect(pageB.getByText('0 results')).toBeVisible();
    await expect(pageB.getByText(kept)).toHaveCount(0);

    // Nor can B reach A's note through the API with their own session: reading, updating and
    // removing it are all refused.
    const refused = { status: 403, body: { details: { applicationError: { code: 'WDE0027' } } } };
    const update = await callAsPage(pageB, '/v2/items/update', {
      dataCollectionId: NOTES,
      dataItem: { id: noteId, data: { _id: noteId, title: 'Taken over by B' } },
    });
    expect(update).toMatchObject(refused);
    const remove = await callAsPage(pageB, '/v2/items/remove', {
      dataCollectionId: NOTES,
      dataItemId: noteId,
    });
    expect(remove).toMatchObject(refused);
    const query = await callAsPage(pageB, '/v2/items/query', {
      dataCollectionId: NOTES,
      query: { filter: { _id: noteId } },
    });
    expect(query).toMatchObject({ status: 200, body: { dataItems: [] } });
  } finally {
    await contextB.close();
  }

  // A's note is unchanged, and A still sees it.
  expect(await ownerGet(NOTES, noteId)).toMatchObject({
    title: edited,
    body: 'milk, eggs',
    _owner: memberA.id,
  });
  await page.reload();
  await expect(note(page, edited)).toContainText('milk, eggs');
});
