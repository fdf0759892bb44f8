import { startTestPlatform, type TestPlatform } from '@atrium/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SDKError } from '../../client/errors.js';
import { platformClients } from '../../testing/platform-clients.js';
import { fileValue, forms, submissions, uploadFile } from './index.js';
import type { FormSubmission } from './types.js';

/** `@atrium/sdk/forms` against the real local platform over HTTP, end to end. */

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform.close());

const { admin, visitor } = platformClients(() => platform, { forms, submissions });

const NAMESPACE = 'wix.form_app.form';
const FIELDS = [
  { target: 'name', validation: { required: true, string: { maxLength: 100 } } },
  { target: 'email', validation: { required: true, string: { format: 'EMAIL' } } },
  {
    inputOptions: {
      target: 'cv',
      inputType: 'WIX_FILE',
      wixFileOptions: { validation: { uploadFileFormats: ['DOCUMENT'], maxFileSizeBytes: 10_000 } },
    },
  },
];
const PDF = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

describe('@atrium/sdk/forms on the platform', () => {
  it('manages a form, takes a visitor’s submission with a file, and finds it with the query builder', async () => {
    const owner = admin();
    const form = await owner.forms.createForm({
      namespace: NAMESPACE,
      name: 'SDK contact',
      formFields: FIELDS,
    });
    expect(form._id).toEqual(expect.any(String));
    expect(form._createdDate).toBeInstanceOf(Date);
    const formId = form._id!;
    const updated = await owner.forms.updateForm(formId, {
      revision: form.revision!,
      name: 'SDK contact form',
    });
    expect(updated).toMatchObject({ name: 'SDK contact form', revision: '2' });

    const site = visitor();
    expect((await site.forms.getForm(formId)).name).toBe('SDK contact form');
    const { uploadUrl } = await site.submissions.getMediaUploadUrl(formId, 'cv.pdf', 'application/pdf');
    const progress: number[] = [];
    const file = await uploadFile(uploadUrl, new Blob([PDF], { type: 'application/pdf' }), {
      onProgress: ({ loaded }) => progress.push(loaded),
    });
    expect(file).toMatchObject({
      filename: 'cv.pdf',
      contentType: 'application/pdf',
      sizeBytes: PDF.byteLength,
    });
    expect(progress.at(-1)).toBe(PDF.byteLength);

    const created = await site.submissions.createSubmission({
      formId,
      submissions: { name: 'Ada', email: 'ada@example.com', cv: [fileValue(file)] },
    });
    expect(created).toMatchObject({ formId, status: 'CONFIRMED', revision: '1' });
    expect(created._createdDate).toBeInstanceOf(Date);

    const page = await owner.submissions
      .querySubmissionsByNamespace()
      .eq('namespace', NAMESPACE)
      .eq('formId', formId)
      .eq('submissions.email', 'ada@example.com')
      .find();
    expect(page.items.map((item: FormSubmission) => item._id)).toEqual([created._id]);
    expect(page.hasNext()).toBe(false);
    const found = page.items[0]!;
    expect(found.submissions?.cv).toEqual([fileValue(file)]);
    const download = await fetch(file.url);
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(PDF);

    const { document } = await owner.submissions.getSubmissionDownloadUrl(created._id!);
    const token = new URL(document.readyDetails!.downloadUrl).searchParams.get('accessToken')!;
    const raw = await owner.submissions.downloadSubmission(created._id!, token);
    expect(new TextDecoder().decode(raw.body)).toContain('email: ada@example.com');

    await owner.forms.deleteForm(formId, { permanent: true });
    await expect(owner.forms.getForm(formId)).rejects.toMatchObject({ status: 404 });
  });

  it('pages with cursors, confirms, trashes and restores', async () => {
    const owner = admin();
    const form = await owner.forms.createForm({
      namespace: 'atrium.sdk.pending',
      name: 'Pending',
      formFields: FIELDS.slice(0, 1),
    });
    const site = visitor();
    const made = [];
    for (const name of ['a', 'b', 'c'])
      made.push(await site.submissions.createSubmission({ formId: form._id, submissions: { name } }));
    expect(made.map((s) => s.status)).toEqual(['PENDING', 'PENDING', 'PENDING']);

    const first = await owner.submissions
      .querySubmissionsByNamespace()
      .eq('namespace', 'atrium.sdk.pending')
      .ascending('submissions.name')
      .limit(2)
      .find();
    expect(first.items.map((item: FormSubmission) => item.submissions?.name)).toEqual(['a', 'b']);
    const second = await first.next();
    expect(second.items.map((item: FormSubmission) => item.submissions?.name)).toEqual(['c']);
    expect(second.hasNext()).toBe(false);
    await expect(second.next()).rejects.toThrow('No next page to fetch');

    const { submission } = await owner.submissions.confirmSubmission(made[0]!._id!);
    expect(submission).toMatchObject({ status: 'CONFIRMED', revision: '2' });
    await owner.submissions.deleteSubmission(made[1]!._id!);
    const trash = await owner.submissions.listDeletedSubmissions(form._id!);
    expect(trash.submissions.map((s) => s._id)).toEqual([made[1]!._id]);
    const restored = await owner.submissions.restoreSubmissionFromTrashBin(made[1]!._id!);
    expect(restored.submission._id).toBe(made[1]!._id);
    const counts = await owner.submissions.countSubmissions([form._id!], 'atrium.sdk.pending');
    expect(counts.formsSubmissionsCount).toEqual([{ formId: form._id, totalCount: 3, unseenCount: 3 }]);
  });

  it('rejects bad submissions with SDKErrors carrying every failing field', async () => {
    const owner = admin();
    const form = await owner.forms.createForm({ namespace: NAMESPACE, name: 'Strict', formFields: FIELDS });
    const error = await visitor()
      .submissions.createSubmission({ formId: form._id, submissions: { email: 'nope' } })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SDKError);
    const { details, status, message } = error as SDKError;
    expect(status).toBe(400);
    expect(message).toMatch(
      /^INVALID_ARGUMENT: "submission\.submissions\.email" .*, "submission\.submissions\.name" /,
    );
    const types = details.validationError?.fieldViolations.map(
      (violation) => (violation.data as { errors: { errorType: string }[] }).errors[0]?.errorType,
    );
    expect(types).toEqual(['FORMAT_ERROR', 'REQUIRED_VALUE_ERROR']);
    const validated = await visitor().submissions.validateFormSubmission({
      formId: form._id,
      submissions: { email: 'nope' },
    });
    expect(validated.valid).toBe(false);
    await expect(
      visitor().submissions.getSubmission('00000000-0000-4000-8000-000000000000'),
    ).rejects.toMatchObject({
      status: 403,
    });
    const { uploadUrl } = await visitor().submissions.getMediaUploadUrl(
      form._id!,
      'cv.pdf',
      'application/pdf',
    );
    const tooBig = await uploadFile(uploadUrl, new Uint8Array(20_000), {
      contentType: 'application/pdf',
    }).catch((caught: unknown) => caught);
    expect(tooBig).toBeInstanceOf(SDKError);
    expect(tooBig).toMatchObject({
      status: 413,
      details: { applicationError: { code: 'FILE_SIZE_OVER_LIMIT' } },
    });
  });
});
