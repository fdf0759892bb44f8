import { expect, type Page, test } from '@playwright/test';
import { randomPng } from '../support/images';
import { ownerFormByName, ownerSubmissionsOf } from '../support/platform-api';
import { siteUrl } from '../support/urls';

/**
 * The contact page (/contact) with the demo seed's contact form: a visitor sends it with a file
 * and the owner finds the submission and downloads the file; the platform's own errors show
 * beside their fields; a closed form says so.
 */

/** The seed's forms (packages/platform/src/seed/demo-forms.ts). */
const CONTACT_FORM = 'Contact us';
const CLOSED_FORM = 'Event sign-up (closed)';

/** Types into the form's text boxes, by label, and attaches one PNG. */
async function fillContactForm(
  page: Page,
  fields: Record<string, string>,
  picture: { name: string; buffer: Buffer },
) {
  for (const [label, value] of Object.entries(fields)) {
    await page.getByRole('textbox', { name: label }).fill(value);
  }
  await page.getByLabel(/^Attachment/).setInputFiles({ ...picture, mimeType: 'image/png' });
}

async function openContactPage(page: Page, query = '') {
  await page.goto(siteUrl(`/contact${query}`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
}

test('a visitor sends the contact form with a file; the owner finds it and downloads the file', async ({
  page,
}) => {
  await page.goto(siteUrl('/'));
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole('heading', { level: 1, name: CONTACT_FORM })).toBeVisible();

  const png = randomPng();
  const name = `Ada Lovelace ${Date.now().toString(36)}`;
  await fillContactForm(
    page,
    {
      Name: name,
      'E-mail': 'ada@example.com',
      Phone: '+44 20 7946 0958',
      Message: 'Hello from the end-to-end test.\nTwo lines.',
    },
    { name: 'photo.png', buffer: png },
  );
  await expect(page.getByText('photo.png')).toBeVisible();

  await page.getByRole('button', { name: 'Send' }).click();

  const status = page.getByRole('status');
  await expect(status).toContainText('Thank you! Your submission was received.');
  const progress = page.getByRole('progressbar', { name: 'Upload of photo.png' });
  await expect(progress).toHaveJSProperty('value', png.length);
  await expect(progress).toHaveJSProperty('max', png.length);
  const submissionId = (await page.getByTestId('submission-id').textContent()) ?? '';
  expect(submissionId).toMatch(/^[0-9a-f-]{36}$/);

  // The owner's elevated query finds it, with the values as typed and the file.
  const { id: formId } = await ownerFormByName(CONTACT_FORM);
  const submission = (await ownerSubmissionsOf(formId)).find((candidate) => candidate.id === submissionId);
  expect(submission).toBeDefined();
  expect(submission!.submitter.visitorId).toBeTruthy();
  const { attachment, ...values } = submission!.submissions;
  expect(values).toEqual({
    name,
    email: 'ada@example.com',
    phone: '+44 20 7946 0958',
    message: 'Hello from the end-to-end test.\nTwo lines.',
  });
  expect(attachment).toEqual([
    { fileId: expect.any(String), displayName: 'photo.png', url: expect.any(String), fileType: 'image/png' },
  ]);
  // The file's URL serves the very bytes the visitor picked.
  const { url } = (attachment as { url: string }[])[0]!;
  const download = await fetch(url);
  expect(download.status).toBe(200);
  expect(Buffer.from(await download.arrayBuffer()).equals(png)).toBe(true);
});

test('while the file uploads the form says so and cannot be sent twice; its progress ends full', async ({
  page,
}) => {
  await openContactPage(page);
  const png = randomPng(64, 64);
  await fillContactForm(
    page,
    { Name: 'Grace Hopper', 'E-mail': 'grace@example.com', Message: 'With a picture.' },
    { name: 'chart.png', buffer: png },
  );

  // The platform's answer to the upload is held until the page has been checked.
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let uploads = 0;
  await page.route('**/_api/atrium-uploads/**', async (route) => {
    uploads++;
    await held;
    await route.continue();
  });
  const send = page.getByRole('button', { name: 'Send' });
  await send.click();
  await expect(page.getByRole('status')).toHaveText('Uploading files…');
  await expect(send).toBeDisabled();
  await expect(page.getByRole('progressbar', { name: 'Upload of chart.png' })).toBeVisible();
  release();

  await expect(page.getByRole('status')).toContainText('Thank you! Your submission was received.');
  const progress = page
    .getByRole('list', { name: 'Files sent' })
    .getByRole('progressbar', { name: 'Upload of chart.png' });
  await expect(progress).toHaveJSProperty('max', png.length);
  await expect(progress).toHaveJSProperty('value', png.length);
  await expect(page.getByRole('list', { name: 'Files sent' })).toContainText('Uploaded');
  expect(uploads).toBe(1);
});

test('with client checks off, the platform’s errors show beside the fields they are about', async ({
  page,
}) => {
  await openContactPage(page, '?novalidate=1');
  const nameField = page.getByRole('textbox', { name: 'Name' });
  const email = page.getByRole('textbox', { name: 'E-mail' });
  await email.fill('ada@example');
  await page.getByRole('textbox', { name: 'Message' }).fill('A message without a name.');
  await page.getByRole('button', { name: 'Send' }).click();

  await expect(nameField).toHaveAttribute('aria-invalid', 'true');
  await expect(nameField).toHaveAccessibleDescription('This field is required.');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription('Enter a valid e-mail address, like name@example.com.');
  // The messages come from the platform's answer, not from checks in the browser.
  const errorOf = async (field: typeof email) =>
    page.locator(`[id="${(await field.getAttribute('aria-describedby'))?.split(' ').pop()}"]`);
  await expect(await errorOf(nameField)).toHaveAttribute('data-source', 'server');
  await expect(await errorOf(email)).toHaveAttribute('data-source', 'server');
  await expect(page.getByRole('textbox', { name: 'Message' })).not.toHaveAttribute('aria-invalid', 'true');
  // Focus moved to the first field in error.
  await expect(nameField).toBeFocused();

  // Fixing both sends the form.
  await nameField.fill('Ada');
  await expect(nameField).not.toHaveAttribute('aria-invalid', 'true');
  await email.fill('ada@example.com');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('status')).toContainText('Thank you! Your submission was received.');
});

test('with client checks on, the same mistakes are caught in the browser, with the same words', async ({
  page,
}) => {
  await openContactPage(page);
  const requests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/form-submission-service/')) requests.push(request.url());
  });
  await page.getByRole('textbox', { name: 'E-mail' }).fill('ada@example');
  await page.getByRole('button', { name: 'Send' }).click();
  const nameField = page.getByRole('textbox', { name: 'Name' });
  await expect(nameField).toHaveAccessibleDescription('This field is required.');
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveAccessibleDescription(
    'Enter a valid e-mail address, like name@example.com.',
  );
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveAccessibleDescription(
    'This field is required.',
  );
  expect(requests).toEqual([]);
});

test('a closed form says so and cannot be sent', async ({ page }) => {
  const closed = await ownerFormByName(CLOSED_FORM);
  expect(closed.enabled).toBe(false);
  await page.goto(siteUrl(`/contact?form=${closed.id}`));
  await expect(page.getByRole('heading', { level: 1, name: CLOSED_FORM })).toBeVisible();
  await expect(page.getByText('This form is closed: it is not accepting submissions.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();
});
