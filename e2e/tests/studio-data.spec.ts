import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations, openConsole } from '../support/console';
import { ownerCount, ownerGet } from '../support/data-api';
import { randomPng } from '../support/images';
import { apiKey, ownerCall } from '../support/platform-api';
import { platformUrl, siteUrl } from '../support/urls';

// The studio's console sections (/_hosted/console/collections, /galleries, /media) against the
// platform's APIs and the site's /books and /gallery pages.

test.describe.configure({ timeout: 90_000 });

const tag = () => `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;

// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field
const owner = (method: string, path: string, body?: unknown) => ownerCall<any>(method, path, body);

async function uploadImage(name: string): Promise<string> {
  const response = await fetch(platformUrl(`/_api/atrium-media/v1/files?filename=${name}`), {
    method: 'POST',
    headers: { authorization: apiKey(), 'content-type': 'image/png' },
    body: new Uint8Array(randomPng(64, 48)),
  });
  return ((await response.json()) as { file: { id: string } }).file.id;
}

test('the owner adds a field to Books and edits a book, and the site shows the change', async ({ page }) => {
  const id = tag();
  const title = `Console book ${id}`;
  const { dataItem } = await owner('POST', '/wix-data/v2/items', {
    dataCollectionId: 'Books',
    dataItem: {
      data: {
        title,
        author: 'E. Tester',
        year: 1999,
        rating: 4.5,
        pages: 321,
        tags: ['e2e'],
        published: { $date: '1999-05-01T00:00:00.000Z' },
      },
    },
  });

  await openConsole(page, '/collections');
  await expect(page.getByRole('heading', { level: 1, name: 'Data collections' })).toBeVisible();
  const booksRow = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Books' }) });
  await expect(booksRow.getByTestId('item-count')).toHaveText(String(await ownerCount('Books')));
  await expectNoSeriousViolations(page);

  // A new field, through the fields tab.
  await booksRow.getByRole('link', { name: 'Books' }).click();
  await expect(page).toHaveURL(/\/_hosted\/console\/collections\/Books$/);
  await page
    .getByRole('navigation', { name: 'Collection' })
    .getByRole('link', { name: 'Fields and permissions' })
    .click();
  const key = `shelf_${id}`;
  await page.getByLabel('Field key').fill(key);
  await page.getByLabel('Field label').fill(`Shelf ${id}`);
  await page.getByRole('button', { name: 'Add the field' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Saved the new field ${key}.` })).toBeVisible();
  await expect(page.getByRole('textbox', { name: `Label of ${key}` })).toHaveValue(`Shelf ${id}`);
  await expectNoSeriousViolations(page);

  // The item, found with a filter run by the server, edited inline.
  await page.getByRole('navigation', { name: 'Collection' }).getByRole('link', { name: 'Items' }).click();
  await page.getByLabel('Filter field').selectOption('title');
  await page.getByLabel('Condition').selectOption('$contains');
  await page.getByLabel('Filter value').fill(id);
  await page.getByRole('button', { name: 'Apply the filter' }).click();
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await expect(page.getByRole('navigation', { name: 'Items pages' })).toContainText('Items 1–1 of 1');
  await expect(page.getByRole('columnheader', { name: `Shelf ${id}` })).toBeVisible();
  await row.getByRole('button', { name: `Edit ${title}` }).click();
  const edited = `${title} (revised)`;
  // While edited, the row shows inputs (their values are not its text): it is the row with Save.
  const editing = page
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: 'Save', exact: true }) });
  await expect(editing).toHaveCount(1);
  await expect(editing.getByRole('textbox', { name: 'Title' })).toHaveValue(title);
  await editing.getByRole('textbox', { name: 'Title' }).fill(edited);
  await editing.getByRole('spinbutton', { name: 'Year' }).fill('2001');
  await editing.getByRole('textbox', { name: `Shelf ${id}` }).fill('Top shelf');
  await editing.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: `Saved the item ${dataItem.id}.` })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: edited })).toContainText('Top shelf');
  await expectNoSeriousViolations(page);

  const stored = await ownerGet('Books', dataItem.id);
  expect(stored).toMatchObject({
    title: edited,
    year: 2001,
    [key]: 'Top shelf',
    author: 'E. Tester',
    tags: ['e2e'],
  });

  await page.goto(siteUrl(`/books?q=${encodeURIComponent(id)}`));
  const books = page.getByRole('table', { name: 'Books' });
  await expect(books.getByRole('row').filter({ hasText: edited })).toContainText('2001');
});

test('the owner imports a CSV with a progress bar, and the rows arrive (a bad row is named)', async ({
  page,
}) => {
  const collection = `Imports_${tag()}`;
  await owner('POST', '/wix-data/v2/collections', {
    collection: {
      id: collection,
      fields: [
        { key: 'title', displayName: 'Title', type: 'TEXT' },
        { key: 'year', displayName: 'Year', type: 'NUMBER' },
      ],
    },
  });
  const lines = ['Title,Year'];
  for (let i = 1; i <= 250; i++)
    lines.push(i === 7 ? '"Bad, row",soon' : `"Book ${i}, imported",${1900 + i}`);
  const csv = `${lines.join('\r\n')}\r\n`;

  await openConsole(page, `/collections/${collection}?tab=import`);
  await page.getByLabel('Import a CSV or JSON-lines file').setInputFiles({
    name: 'books.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  const bar = page.getByRole('progressbar', { name: 'Importing books.csv' });
  await expect(bar).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: 'Imported 249 of 250 rows from books.csv; 1 failed' }),
  ).toBeVisible({
    timeout: 30_000,
  });
  await expect(bar).toHaveAttribute('value', '1');
  await expect(page.getByText('Row 8: year: "soon" is not a number')).toBeVisible();
  expect(await ownerCount(collection)).toBe(249);
  expect(await ownerCount(collection, { title: 'Book 250, imported', year: 2150 })).toBe(1);
  await expectNoSeriousViolations(page);

  // Export: every item, paged through the query API, as CSV.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export as CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${collection}.csv`);
  const exported = readFileSync((await download.path())!, 'utf8')
    .trimEnd()
    .split('\r\n');
  expect(exported[0]).toBe('_id,title,year,_createdDate,_updatedDate');
  expect(exported).toHaveLength(250);
  expect(exported.filter((line) => line.includes('"Book 250, imported",2150'))).toHaveLength(1);
  await expect(
    page.getByRole('status').filter({ hasText: `Exported 249 items to ${collection}.csv.` }),
  ).toBeVisible();

  // Server paging on the items: 20 per page, 249 in all; sorting by year, newest first.
  await page.getByRole('navigation', { name: 'Collection' }).getByRole('link', { name: 'Items' }).click();
  await expect(page.getByRole('navigation', { name: 'Items pages' })).toContainText('Items 1–20 of 249');
  const year = page.getByRole('columnheader', { name: 'Year', exact: true });
  await year.getByRole('button').click();
  await expect(year).toHaveAttribute('aria-sort', 'ascending');
  await expect(page.getByRole('row').nth(1)).toContainText('Book 1, imported');
  await year.getByRole('button').click();
  await expect(year).toHaveAttribute('aria-sort', 'descending');
  await expect(page.getByRole('row').nth(1)).toContainText('Book 250, imported');
});

test('the owner reorders a gallery and uploads an image, and the site follows; the media library says where files are used', async ({
  page,
}) => {
  const id = tag();
  const files = [
    await uploadImage(`one-${id}.png`),
    await uploadImage(`two-${id}.png`),
    await uploadImage(`three-${id}.png`),
  ];
  // Created in this order, the last is listed first: Gamma, Beta, Alpha.
  const { gallery } = await owner('POST', '/progallery/v2/galleries', {
    gallery: {
      name: `Studio ${id}`,
      items: ['Alpha', 'Beta', 'Gamma'].map((title, index) => ({
        title,
        type: 'IMAGE',
        sortOrder: index + 1,
        image: { imageInfo: { id: files[index] } },
      })),
    },
  });
  const siteOrder = async () => {
    await page.goto(siteUrl(`/gallery?gallery=${encodeURIComponent(gallery.id)}`));
    const region = page.getByRole('region', { name: `Studio ${id}` });
    await expect(region.locator('[data-gallery-index]').first()).toBeVisible();
    return region.locator('[data-gallery-index]');
  };

  await openConsole(page, '/galleries');
  await page.getByRole('link', { name: `Studio ${id}` }).click();
  const titles = page.getByTestId('gallery-item-title');
  await expect(titles).toHaveText(['Gamma', 'Beta', 'Alpha']);
  await expectNoSeriousViolations(page);

  // The keyboard way: Move up.
  await page.getByRole('button', { name: 'Move Alpha up' }).click();
  await expect(titles).toHaveText(['Gamma', 'Alpha', 'Beta']);
  // Drag and drop: Gamma to the end.
  await page.getByTestId('gallery-item').nth(0).dragTo(page.getByTestId('gallery-item').nth(2));
  await expect(titles).toHaveText(['Alpha', 'Beta', 'Gamma']);

  // An upload, with its progress bar; the new item comes first.
  await page.getByLabel('Upload images or videos').setInputFiles({
    name: `Delta-${id}.png`,
    mimeType: 'image/png',
    buffer: randomPng(120, 80),
  });
  await expect(page.getByRole('progressbar', { name: `Uploading Delta-${id}.png` })).toBeVisible();
  await expect(titles).toHaveText([`Delta-${id}`, 'Alpha', 'Beta', 'Gamma']);

  const tiles = await siteOrder();
  await expect(tiles).toHaveCount(4);
  const names = await tiles.evaluateAll((nodes) =>
    nodes
      .map((node) => ({
        index: Number(node.getAttribute('data-gallery-index')),
        label: node.querySelector('button')?.getAttribute('aria-label'),
      }))
      .sort((a, b) => a.index - b.index)
      .map((entry) => entry.label),
  );
  expect(names).toEqual([`Delta-${id}`, 'Alpha', 'Beta', 'Gamma']);

  // An item's details, and its focal point picked by clicking on the image (its lower right part).
  await page.goto(platformUrl(`/_hosted/console/galleries/${encodeURIComponent(gallery.id)}`));
  await page.getByRole('button', { name: 'Edit Beta' }).click();
  const editor = page.getByRole('form', { name: 'Edit Beta' });
  await editor.getByLabel('Title').fill('Beta, renamed');
  await editor.getByLabel('Description').fill('A described picture');
  await editor.getByLabel('Link').fill('https://example.com/beta');
  const picker = editor.getByRole('button', { name: 'Set the focal point where you click' });
  await expect(picker.locator('img')).toHaveJSProperty('complete', true);
  const box = (await picker.boundingBox())!;
  await picker.click({ position: { x: box.width * 0.75, y: box.height * 0.25 } });
  await expect(editor.getByLabel('Horizontal (%)')).toHaveValue(/^(74|75|76)$/);
  await editor.getByRole('button', { name: 'Save the item' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved Beta, renamed.' })).toBeVisible();
  const beta = (await owner('GET', `/progallery/v2/galleries/${gallery.id}`)).gallery.items.find(
    (item: { title?: string }) => item.title === 'Beta, renamed',
  );
  expect(beta).toMatchObject({
    description: 'A described picture',
    link: { url: 'https://example.com/beta' },
  });
  expect(beta.image.focalPoint.x).toBeCloseTo(0.75, 1);
  expect(beta.image.focalPoint.y).toBeCloseTo(0.25, 1);

  // Draft: the site no longer lists it for visitors.
  await page.getByRole('radio', { name: /^Draft/ }).check();
  await page.getByRole('button', { name: 'Save the gallery' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved the gallery (Draft).' })).toBeVisible();
  const anonymous = await fetch(platformUrl(`/progallery/v2/galleries/${gallery.id}`));
  expect(anonymous.status).not.toBe(200);

  // The media library: a file the gallery uses cannot be deleted; an unused one can, after a question.
  const spare = await uploadImage(`spare-${id}.png`);
  // Same tab: the console remembers the key.
  await page.goto(platformUrl('/_hosted/console/media'));
  await expect(page.getByRole('heading', { level: 1, name: 'Media library' })).toBeVisible();
  const usedRow = page.getByTestId('media-file').filter({ hasText: `one-${id}.png` });
  // Where a file is used: a count, the places opened on demand.
  await expect(usedRow).not.toContainText(`Gallery: Studio ${id}: Alpha`);
  await usedRow.getByText(/^\d+ places?/).click();
  await expect(usedRow).toContainText(`Gallery: Studio ${id}: Alpha`);
  await expect(usedRow.getByRole('button', { name: `Delete one-${id}.png (it is in use)` })).toBeDisabled();
  await expectNoSeriousViolations(page);
  const spareRow = page.getByTestId('media-file').filter({ hasText: `spare-${id}.png` });
  await expect(spareRow).toContainText('Not used');
  await spareRow.getByRole('button', { name: `Delete spare-${id}.png` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete the file' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete the file' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Deleted spare-${id}.png.` })).toBeVisible();
  expect((await fetch(platformUrl(`/media/${spare}`))).status).toBe(404);
  // The server refuses a used file even when asked directly.
  const refused = await fetch(platformUrl(`/_api/atrium-media/v1/files/${files[0]}`), {
    method: 'DELETE',
    headers: { authorization: apiKey() },
  });
  expect(refused.status).toBe(409);
});
