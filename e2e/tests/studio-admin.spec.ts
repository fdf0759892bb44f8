import { verify } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations, openConsole } from '../support/console';
import { signUpForApproval } from '../support/members';
import {
  admin,
  apiKey,
  memberByEmail,
  ownerFormByName,
  ownerSubmissionsOf,
  setRegistrationPolicy,
  uniqueEmail,
} from '../support/platform-api';
import { platformUrl, siteUrl } from '../support/urls';

// The owner's console sections of the studio (P9): members, forms and submissions, webhooks,
// developer; the mailbox page. Staff sign-in and roles: console-staff.spec.ts.

/** A webhook receiver on 127.0.0.1 that keeps every body and answers the status `answer()` gives. */
async function startReceiver(path: string, answer: () => number) {
  const received: string[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push(body);
      response.writeHead(answer()).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, received, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}` };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('members: approve a pending member, block them, unblock; search pages on the server', async ({
  page,
}) => {
  const email = uniqueEmail('p9-members');
  await setRegistrationPolicy('approval');
  try {
    await signUpForApproval(page, email);
  } finally {
    await setRegistrationPolicy('verify-email');
  }

  await openConsole(page, '/members');
  await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible();
  await page.getByLabel('E-mail contains').fill(email);
  const search = page.waitForRequest((request) => request.url().includes('search='));
  await page.getByRole('button', { name: 'Search' }).click();
  expect(new URL((await search).url()).searchParams.get('search')).toBe(email);
  const row = page.getByRole('row', { name: new RegExp(escapeRegExp(email)) });
  await expect(row).toHaveCount(1);
  await expect(page.getByRole('navigation', { name: 'Members pages' })).toContainText('Members 1–1 of 1');
  await expect(row).toContainText('Pending');
  await expect(row).toContainText('Never');

  await row.getByRole('button', { name: `Approve ${email}` }).click();
  await expect(page.getByRole('status').first()).toContainText(`${email} is approved.`);
  await expect(row).toContainText('Active');
  expect((await memberByEmail(email)).status.name).toBe('ACTIVE');

  // Blocking asks first, in a dialog; Cancel keeps the member active.
  await row.getByRole('button', { name: `Block ${email}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Block ${email}?`);
  await expect(dialog).toHaveJSProperty('open', true);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  expect((await memberByEmail(email)).status.name).toBe('ACTIVE');
  await row.getByRole('button', { name: `Block ${email}` }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: `Block ${email}` })
    .click();
  await expect(page.getByRole('status').first()).toContainText(`${email} is blocked.`);
  await expect(row).toContainText('Blocked');
  expect((await memberByEmail(email)).status.name).toBe('BLOCKED');

  await row.getByRole('button', { name: `Unblock ${email}` }).click();
  await expect(row).toContainText('Active');
  expect((await memberByEmail(email)).status.name).toBe('ACTIVE');

  // Roles: the blog writer role is granted through the admin API.
  await row.getByLabel(`Blog writer (${email})`).click();
  await expect(page.getByRole('status').first()).toContainText(`${email} is a blog writer.`);
  await expect(row.getByLabel(`Blog writer (${email})`)).toBeChecked();
  await row.getByLabel(`CMS editor (${email})`).click();
  await expect(page.getByRole('status').first()).toContainText(`${email} is a CMS editor.`);
  await expect(row.getByLabel(`CMS editor (${email})`)).toBeChecked();
  const { id } = await memberByEmail(email);
  expect(await admin('GET', `/v1/members/${id}/roles`)).toMatchObject({ roles: ['CMS_EDITOR'] });

  await expectNoSeriousViolations(page);
});

test('forms: read a submission, download its file, trash and restore it', async ({ page }) => {
  // A visitor sends the site's contact form with a file.
  const name = `Grace ${Date.now().toString(36)}`;
  const bytes = Buffer.from(`hello from ${name}\n`);
  await page.goto(siteUrl('/contact'));
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('textbox', { name: 'E-mail' }).fill('grace@example.com');
  await page.getByRole('textbox', { name: 'Message' }).fill('Please call back.');
  await page
    .getByLabel(/^Attachment/)
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: bytes });
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('status')).toContainText('Thank you! Your submission was received.', {
    timeout: 15_000,
  });
  const { id: formId } = await ownerFormByName('Contact us');

  await openConsole(page, `/forms/${formId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Forms' })).toBeVisible();
  await expect(page.getByLabel('Form')).toHaveValue(formId);
  // Newest first: the new submission is marked new.
  const row = page.getByRole('row', { name: /grace@example\.com/ }).first();
  await expect(row).toContainText('New');
  await expectNoSeriousViolations(page);

  await row.getByRole('button', { name: /Read/ }).click();
  const view = page.getByRole('region', { name: 'Submission of grace@example.com' });
  await expect(view).toContainText(name);
  await expect(view).toContainText('Please call back.');
  const downloading = page.waitForEvent('download');
  await view.getByRole('link', { name: 'Download notes.txt' }).click();
  const download = await downloading;
  expect((await readFile((await download.path()) as string)).equals(bytes)).toBe(true);

  await view.getByRole('button', { name: 'Mark as seen' }).click();
  await expect(page.getByRole('status').first()).toContainText('is marked as seen');
  await expect(row).not.toContainText('New');
  const submissionId = (await ownerSubmissionsOf(formId)).find(
    (candidate) => candidate.submissions.name === name,
  )!.id;
  const seen = (await ownerSubmissionsOf(formId)).find((candidate) => candidate.id === submissionId);
  expect((seen as { seen?: boolean } | undefined)?.seen).toBe(true);

  // Tags, through the bulk tags call.
  await view.getByLabel('New tag').fill('callback');
  await view.getByRole('button', { name: 'Add the tag' }).click();
  await expect(page.getByRole('status').first()).toContainText('The tag “callback” is added.');
  await expect(row).toContainText('callback');

  // The CSV export has the submission, its values and tags.
  const exporting = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = (await readFile((await (await exporting).path()) as string)).toString('utf8');
  const lines = csv.split('\r\n');
  expect(lines[0]).toContain('id,createdDate,status,seen,tags');
  expect(lines.find((line) => line.includes(name))).toContain('callback');

  // Delete asks first and moves it to the trash; the trash restores it.
  await row.getByRole('button', { name: /^Delete the submission/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Move to the trash' }).click();
  await expect(page.getByRole('status').first()).toContainText('is in the trash');
  expect((await ownerSubmissionsOf(formId)).some((candidate) => candidate.id === submissionId)).toBe(false);
  await page.getByRole('button', { name: 'Trash', exact: true }).click();
  const trashed = page.locator(`tr[data-submission="${submissionId}"]`);
  await expect(trashed).toBeVisible();
  await trashed.getByRole('button', { name: /^Restore/ }).click();
  await expect(page.getByRole('status').first()).toContainText('is restored');
  await expect(trashed).toHaveCount(0);
  expect((await ownerSubmissionsOf(formId)).some((candidate) => candidate.id === submissionId)).toBe(true);
});

test('developer: create an API key (shown once) and call the admin API with it; revoke it', async ({
  page,
}) => {
  await openConsole(page, '/developer');
  await expect(page.getByRole('heading', { level: 1, name: 'Developer' })).toBeVisible();
  const clients = page.getByRole('region', { name: 'OAuth clients' });
  // The client the platform was started with (--client-id e2e-site), with the site's origin.
  await expect(clients.getByRole('row', { name: /e2e-site/ })).toContainText(new URL(siteUrl()).origin);

  const label = `e2e key ${Date.now().toString(36)}`;
  await page.getByLabel('Label of a new key').fill(label);
  await page.getByRole('button', { name: 'Create an API key' }).click();
  const shown = page.getByLabel('The key');
  await expect(shown).toHaveValue(/^atrium_/);
  const key = await shown.inputValue();

  // The new key is an owner's key.
  const answer = await fetch(platformUrl('/_api/atrium-admin/v1/site-policy'), {
    headers: { authorization: key },
  });
  expect(answer.status).toBe(200);
  expect(await answer.json()).toMatchObject({ registration: expect.any(String) });

  await page.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toHaveCount(0);
  const row = page.getByRole('row', { name: new RegExp(escapeRegExp(label)) });
  await expect(row).toContainText(`${key.slice(0, 8)}`);
  await expectNoSeriousViolations(page);

  await row.getByRole('button', { name: `Revoke ${label}` }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: `Revoke ${label}` })
    .click();
  await expect(page.getByRole('status').first()).toContainText(`${label} is revoked.`);
  await expect(row).toHaveCount(0);
  const refused = await fetch(platformUrl('/_api/atrium-admin/v1/site-policy'), {
    headers: { authorization: key },
  });
  expect(refused.status).toBe(401);
});

test('developer: the API reference shows the token endpoint', async ({ page }) => {
  await openConsole(page, '/developer');
  await page.getByRole('link', { name: 'API reference' }).click();
  await expect(page).toHaveURL(/\/_api\/reference\/$/);
  await expect(page.getByText('/oauth2/token').first()).toBeVisible({ timeout: 20_000 });
});

test('webhooks: a delivery to a failing receiver is logged, then retried and delivered', async ({ page }) => {
  let answer = 500;
  const { server, received, url: receiverUrl } = await startReceiver('/hook', () => answer);
  let webhookId: string | undefined;
  try {
    await openConsole(page, '/webhooks');
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
    await page.getByLabel('Address (http or https)').fill(receiverUrl);
    await page.getByLabel('Event types').fill('wix.blog.v3.category_created');
    await page.getByRole('button', { name: 'Add the endpoint' }).click();
    await expect(page.getByRole('status').first()).toContainText(`The webhook to ${receiverUrl} is added.`);
    const endpoint = page.getByRole('row', { name: new RegExp(escapeRegExp(receiverUrl)) }).first();
    await expect(endpoint).toContainText('wix.blog.v3.category_created');
    const { webhooks } = await admin<{ webhooks: { id: string; url: string }[] }>('GET', '/v1/webhooks');
    webhookId = webhooks.find((webhook) => webhook.url === receiverUrl)?.id;
    expect(webhookId).toBeDefined();

    // A change made with the API key emits an event: a blog category.
    const label = `Webhooks ${Date.now().toString(36)}`;
    const created = await fetch(platformUrl('/blog/v3/categories'), {
      method: 'POST',
      headers: { authorization: apiKey(), 'content-type': 'application/json' },
      body: JSON.stringify({ category: { label } }),
    });
    expect(created.status).toBe(200);
    await expect.poll(() => received.length, { timeout: 20_000 }).toBeGreaterThan(0);

    const delivery = page
      .getByRole('region', { name: 'Delivery log table', exact: true })
      .getByRole('row')
      .filter({ hasText: 'wix.blog.v3.category_created' })
      .first();
    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh the log' }).click();
      await expect(delivery).toContainText('HTTP 500', { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expect(delivery).toContainText('Pending');
    await delivery.getByText('Show').click();
    await expect(delivery.locator('pre')).toContainText(label);
    await expectNoSeriousViolations(page);

    answer = 200;
    const before = received.length;
    await delivery.getByRole('button', { name: /^Retry the delivery/ }).click();
    await expect(page.getByRole('status').first()).toContainText('is queued again');
    await expect.poll(() => received.length, { timeout: 20_000 }).toBeGreaterThan(before);
    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh the log' }).click();
      await expect(delivery).toContainText('Delivered', { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });

    // Deleting the endpoint asks first.
    await endpoint.getByRole('button', { name: `Delete the webhook to ${receiverUrl}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete the webhook' }).click();
    await expect(page.getByRole('status').first()).toContainText('is deleted');
    webhookId = undefined;
  } finally {
    if (webhookId) await admin('DELETE', `/v1/webhooks/${webhookId}`).catch(() => undefined);
    await new Promise((resolve) => server.close(resolve));
  }
});

test('webhooks: "Send a test event" delivers a signed sample to a local receiver and shows its status', async ({
  page,
}) => {
  let answer = 200;
  const { server, received, url: receiverUrl } = await startReceiver('/test-hook', () => answer);
  const { webhook } = await admin<{ webhook: { id: string } }>('POST', '/v1/webhooks', {
    url: receiverUrl,
    eventTypes: ['wix.blog.v3.tag_deleted', 'wix.blog.v1.like_deleted'],
  });
  /** The envelope of a received JWT whose RS256 signature the platform's webhook key verifies. */
  const verified = async (jwt: string) => {
    const { publicKey } = await admin<{ publicKey: string }>('GET', '/v1/webhook-public-key');
    const [header, payload, signature] = jwt.split('.');
    const valid = verify(
      'RSA-SHA256',
      Buffer.from(`${header}.${payload}`),
      publicKey,
      Buffer.from(signature ?? '', 'base64url'),
    );
    expect(valid).toBe(true);
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')) as { data: string };
    return JSON.parse(claims.data) as { eventType: string; data: string };
  };
  try {
    await openConsole(page, '/webhooks');
    const endpoint = page.getByRole('row', { name: new RegExp(escapeRegExp(receiverUrl)) }).first();
    await expect(endpoint).toBeVisible();
    // The choice is the webhook's own event types.
    const type = endpoint.getByLabel(`Test event type for ${receiverUrl}`);
    await expect(type.locator('option')).toHaveText(['wix.blog.v3.tag_deleted', 'wix.blog.v1.like_deleted']);
    await type.selectOption('wix.blog.v1.like_deleted');
    const result = endpoint.getByRole('status', { name: `Test event result for ${receiverUrl}` });
    await endpoint.getByRole('button', { name: `Send a test event to ${receiverUrl}` }).click();
    await expect(result).toHaveText(/^Delivered wix\.blog\.v1\.like_deleted: HTTP 200 in \d+ ms\.$/);
    // The receiver had it before the answer, signed like every delivery.
    const envelopes = await Promise.all(received.map(verified));
    const sample = envelopes.find((envelope) => envelope.eventType === 'wix.blog.v1.like_deleted');
    expect(JSON.parse(sample!.data)).toMatchObject({ entityFqdn: 'wix.blog.v1.like', slug: 'deleted' });
    await expectNoSeriousViolations(page);

    // A receiver that refuses: the status says so, with the endpoint's answer.
    answer = 503;
    await type.selectOption('wix.blog.v3.tag_deleted');
    await endpoint.getByRole('button', { name: `Send a test event to ${receiverUrl}` }).click();
    await expect(result).toHaveText(
      /^Not delivered wix\.blog\.v3\.tag_deleted: HTTP 503 after \d+ ms \(HTTP 503\)\.$/,
    );
    const later = await Promise.all(received.slice(envelopes.length).map(verified));
    expect(later.map((envelope) => envelope.eventType)).toContain('wix.blog.v3.tag_deleted');
  } finally {
    await admin('DELETE', `/v1/webhooks/${webhook.id}`).catch(() => undefined);
    await new Promise((resolve) => server.close(resolve));
  }
});

test('the mailbox page passes axe, its Refresh button included', async ({ page }) => {
  await page.goto(platformUrl('/_hosted/mailbox'));
  await page.getByLabel('Address or subject contains').fill(uniqueEmail('p9-mailbox'));
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  await expect(page.getByRole('status')).toContainText('0 messages matching');
  const refresh = page.getByRole('button', { name: 'Refresh' });
  await expect(refresh).toBeVisible();
  await expectNoSeriousViolations(page);
  // Hovered, its text stays readable: dark text on a light ground.
  await refresh.hover();
  const colours = await refresh.evaluate((element) => {
    const style = getComputedStyle(element);
    return { color: style.color, background: style.backgroundColor };
  });
  const luminance = (rgb: string) => {
    const [r, g, b] = (rgb.match(/\d+/g) ?? []).slice(0, 3).map((part) => {
      const channel = Number(part) / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(colours.background), luminance(colours.color)].sort((a, b) => b - a) as [
    number,
    number,
  ];
  expect((light + 0.05) / (dark + 0.05)).toBeGreaterThanOrEqual(4.5);
  await expectNoSeriousViolations(page);
});
