import { describe, expect, it } from 'vitest';
import { perFile } from '../../test/support/per-file.js';
import {
  NAMESPACE,
  pdfBytes,
  SCHEMAS,
  SUBMISSIONS,
  startFormsKit,
  violationsOf,
} from '../services/forms/test-kit.js';
import { DEMO_CLOSED_FORM_ID, DEMO_CONTACT_FORM_ID } from './demo-forms.js';

const kit = perFile(() => startFormsKit({ seed: 'demo' }));

const CONTACT = { name: 'Ada Lovelace', email: 'ada@example.com', message: 'Hello from the demo site' };

describe('demo forms', () => {
  it('has a contact form with name, e-mail, phone, message and an attachment field, readable by visitors', async () => {
    const visitor = await kit.visitorToken();
    const answer = await kit.call('GET', `${SCHEMAS}/forms/${DEMO_CONTACT_FORM_ID}`, undefined, visitor);
    expect(answer.status).toBe(200);
    const { form } = answer.body;
    expect(form).toMatchObject({
      id: DEMO_CONTACT_FORM_ID,
      namespace: NAMESPACE,
      enabled: true,
      name: 'Contact us',
    });
    expect(
      form.formFields.map((field: { inputOptions: { target: string } }) => field.inputOptions.target),
    ).toEqual(['name', 'email', 'phone', 'message', 'attachment']);
  });

  it('takes a visitor’s submission with a PDF, found by an elevated query and downloadable', async () => {
    const visitor = await kit.visitorToken();
    const uploaded = await kit.upload(
      DEMO_CONTACT_FORM_ID,
      { bytes: pdfBytes(), filename: 'brief.pdf', mimeType: 'application/pdf' },
      visitor,
    );
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    const { file } = uploaded.body;
    const attachment = [
      { fileId: file.id, displayName: file.displayName, url: file.url, fileType: file.contentType },
    ];
    const created = await kit.submit(
      DEMO_CONTACT_FORM_ID,
      { ...CONTACT, phone: '+1 415 555 2671', attachment },
      visitor,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);

    const found = await kit.call('POST', `${SUBMISSIONS}/submissions/namespace/query`, {
      query: {
        filter: {
          namespace: NAMESPACE,
          formId: DEMO_CONTACT_FORM_ID,
          'submissions.email': 'ada@example.com',
        },
      },
    });
    expect(found.body.submissions).toHaveLength(1);
    const [submission] = found.body.submissions;
    expect(submission.submissions.attachment).toEqual(attachment);
    const download = await fetch(submission.submissions.attachment[0].url);
    expect(download.status).toBe(200);
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(pdfBytes());

    const document = await kit.call('GET', `${SUBMISSIONS}/submissions/${submission.id}/document`);
    const raw = (await (await fetch(document.body.document.readyDetails.downloadUrl)).json()) as {
      body: string;
    };
    expect(Buffer.from(raw.body, 'base64').toString('utf8')).toContain(`attachment: brief.pdf <${file.url}>`);
  });

  it('refuses a bad contact submission with every failing field, and an executable attachment', async () => {
    const visitor = await kit.visitorToken();
    const failed = await kit.submit(DEMO_CONTACT_FORM_ID, { email: 'ada', message: '' }, visitor);
    expect(violationsOf(failed)).toEqual([
      ['email', 'FORMAT_ERROR'],
      ['message', 'REQUIRED_VALUE_ERROR'],
      ['name', 'REQUIRED_VALUE_ERROR'],
    ]);
    const exe = await kit.call(
      'POST',
      `${SUBMISSIONS}/submissions/media-upload-url`,
      { formId: DEMO_CONTACT_FORM_ID, filename: 'setup.exe', mimeType: 'application/x-msdownload' },
      visitor,
    );
    expect(exe.status).toBe(400);
  });

  it('has a disabled form that refuses submissions with DISABLED_FORM_ERROR', async () => {
    const visitor = await kit.visitorToken();
    const answer = await kit.submit(DEMO_CLOSED_FORM_ID, { name: 'Ada', email: 'ada@example.com' }, visitor);
    expect(answer.status).toBe(400);
    expect(violationsOf(answer)).toEqual([['form.properties.disabled', 'DISABLED_FORM_ERROR']]);
  });
});
