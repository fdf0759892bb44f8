import type { MailMessage } from '@atrium/contract/types';
import { describe, expect, it } from 'vitest';
import { identityKitPerFile, uniqueEmail } from '../services/identity/test-kit.js';
import { inTransaction } from '../storage/transaction.js';
import { startTestPlatform } from '../testing/index.js';
import { codeMail, escapeHtml, linkMail } from './messages.js';
import { enqueueMail } from './store.js';

const kit = identityKitPerFile({ registration: 'verify-email' });

describe('GET /_dev/mailbox', () => {
  it('without `to`, lists the recent mail of every address, newest first', async () => {
    const first = uniqueEmail('everyone-a');
    const second = uniqueEmail('everyone-b');
    await inTransaction(kit.platform.db, (trx) =>
      enqueueMail(trx, codeMail({ email: first }, '111111', 'email_verification')),
    );
    await inTransaction(kit.platform.db, (trx) =>
      enqueueMail(trx, codeMail({ email: second }, '222222', 'email_verification')),
    );
    const answer = await kit.call('GET', '/_dev/mailbox');
    expect(answer.status).toBe(200);
    const addresses = (answer.body.messages as MailMessage[]).map((message) => message.to);
    expect(addresses.slice(0, 2)).toEqual([second, first]);
  });

  it('filters by part of the address or of the subject (`q`, case-insensitive)', async () => {
    const tag = `filter${Date.now().toString(36)}`;
    const byAddress = uniqueEmail(tag);
    const other = uniqueEmail('unrelated');
    for (const email of [byAddress, other]) {
      await inTransaction(kit.platform.db, (trx) =>
        enqueueMail(trx, codeMail({ email }, '333333', 'email_verification')),
      );
    }
    await inTransaction(kit.platform.db, (trx) =>
      enqueueMail(trx, { to: other, subject: `About ${tag.toUpperCase()}`, text: 't', html: 'h', links: [] }),
    );
    const answer = await kit.call('GET', `/_dev/mailbox?q=${encodeURIComponent(tag.toUpperCase())}`);
    expect(answer.status).toBe(200);
    const found = (answer.body.messages as MailMessage[]).map((message) => [message.to, message.subject]);
    expect(found).toEqual([
      [other, `About ${tag.toUpperCase()}`],
      [byAddress, expect.any(String)],
    ]);
    // A LIKE wildcard is plain text here: "%" matches nothing.
    const wildcard = await kit.call('GET', '/_dev/mailbox?q=%25%25%25');
    expect(wildcard.body.messages).toEqual([]);
  });

  it('refuses an empty `to` (validation error)', async () => {
    const answer = await kit.call('GET', '/_dev/mailbox?to=');
    expect(answer.status).toBe(400);
    expect(answer.body.details.validationError.fieldViolations[0].field).toBe('to');
  });

  it("returns a recipient's messages newest first, matching the address case-insensitively", async () => {
    const email = uniqueEmail('Mixed.Case');
    await kit.register(email);
    await kit.login(email, 'correct horse battery');
    const messages = await kit.mailbox(email.toUpperCase());
    expect(messages).toHaveLength(2);
    expect(messages[0]!.createdDate >= messages[1]!.createdDate).toBe(true);
    const ids = await kit.platform.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('to_address', '=', email.toLowerCase())
      .orderBy('seq', 'desc')
      .execute();
    expect(messages.map((message) => message.id)).toEqual(ids.map((row) => row.id));
    expect(messages[0]).toEqual({
      id: expect.any(String),
      to: email.toLowerCase(),
      subject: expect.any(String),
      text: expect.stringContaining(messages[0]!.code!),
      html: expect.stringContaining(messages[0]!.code!),
      code: expect.stringMatching(/^\d{6}$/),
      links: [],
      createdDate: expect.stringMatching(/Z$/),
    });
    expect(await kit.mailbox(uniqueEmail('nobody'))).toEqual([]);
  });
});

describe('the outbox', () => {
  it('sends nothing when the transaction that enqueued a message rolls back', async () => {
    const to = uniqueEmail('rollback');
    const failing = inTransaction(kit.platform.db, async (trx) => {
      await enqueueMail(trx, codeMail({ email: to }, '123456', 'email_verification'));
      throw new Error('the request failed after enqueueing');
    });
    await expect(failing).rejects.toThrow('after enqueueing');
    expect(await kit.mailbox(to)).toEqual([]);

    await inTransaction(kit.platform.db, (trx) =>
      enqueueMail(trx, codeMail({ email: to }, '123456', 'email_verification')),
    );
    expect((await kit.mailbox(to)).map((message) => message.code)).toEqual(['123456']);
  });

  it('mails nothing for a refused registration', async () => {
    const email = uniqueEmail('dup');
    await kit.register(email);
    expect(await kit.mailbox(email)).toHaveLength(1);
    expect((await kit.register(email)).status).toBe(409);
    expect(await kit.mailbox(email)).toHaveLength(1);
  });
});

describe('messages', () => {
  it('greet by first name, carry the code and its expiry, and escape HTML', () => {
    const mail = codeMail(
      { email: 'a@b.example', firstName: '<Ada & "Bob">' },
      '042917',
      'email_verification',
    );
    expect(mail.text).toContain('Hello <Ada & "Bob">,');
    expect(mail.text).toContain('042917');
    expect(mail.text).toContain('expires in 10 minutes');
    expect(mail.html).toContain('Hello &lt;Ada &amp; &quot;Bob&quot;&gt;,');
    expect(mail.html).not.toContain('<Ada');
    expect(mail.code).toBe('042917');
  });

  it('put the link in both parts, escaped in the HTML one', () => {
    const link = 'https://site.example/reset?a=1&recoveryToken=x"y';
    const mail = linkMail({ email: 'a@b.example' }, link, 'password_reset', 3600);
    expect(mail.links).toEqual([link]);
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${escapeHtml(link)}"`);
    expect(mail.html).toContain('&amp;recoveryToken=x&quot;y');
    expect(mail.text).toContain('expires in 1 hour');
  });
});

describe('the dev mailbox is for development only', () => {
  it('answers 404 in the error shape, JSON and page, when off (PostgreSQL without --dev-mailbox)', async () => {
    const production = await startTestPlatform({ devMailbox: false });
    try {
      for (const path of ['/_dev/mailbox?to=a%40example.com', '/_hosted/mailbox?to=a%40example.com']) {
        const response = await fetch(`${production.url}${path}`);
        expect(response.status, path).toBe(404);
        const body = await response.json();
        expect(body.details.applicationError.code).toBe('NOT_FOUND');
      }
    } finally {
      await production.close();
    }
  });

  it('is served when on (the default with PGlite)', async () => {
    expect((await kit.call('GET', '/_dev/mailbox?to=a%40example.com')).status).toBe(200);
    expect((await fetch(`${kit.platform.url}/_hosted/mailbox`)).headers.get('content-type')).toBe(
      'text/html; charset=utf-8',
    );
  });
});
