import { FORMS_LIMITS } from '@atrium/contract';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  codeOf,
  contactKitPerFile,
  pdfBytes,
  pngBytes,
  putBytes,
  SUBMISSIONS,
  VALID_CONTACT,
  violationsOf,
} from './test-kit.js';

const kit = contactKitPerFile();
let png: Uint8Array;
beforeAll(async () => {
  png = await pngBytes();
});

const uploadUrl = async (request: object, authorization: string | null = kit.visitor) =>
  kit.call(
    'POST',
    `${SUBMISSIONS}/submissions/media-upload-url`,
    { formId: kit.formId, ...request },
    authorization,
  );

const imageFile = () => ({ bytes: png, filename: 'photo.png', mimeType: 'image/png' });

describe('media upload URLs', () => {
  it('answer an absolute URL of this platform with an unguessable token, for visitors, members and API keys', async () => {
    const member = await kit.member();
    for (const authorization of [kit.visitor, member.token, kit.apiKey]) {
      const answer = await uploadUrl({ filename: 'photo.png', mimeType: 'image/png' }, authorization);
      expect(answer.status).toBe(200);
      expect(answer.body.uploadUrl).toMatch(
        new RegExp(`^${kit.url}/_api/atrium-uploads/v1/forms/[\\w-]{43}$`),
      );
    }
    // Only the token's hash is stored.
    const token = (await uploadUrl({ filename: 'a.png', mimeType: 'image/png' })).body.uploadUrl
      .split('/')
      .pop();
    const { rows } = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM form_upload_tokens WHERE token_hash = ${token}`.execute(
      kit.identity.platform.db,
    );
    expect(rows[0]?.n).toBe(0);
  });

  it('are built on the configured public origin, never on X-Forwarded headers (any client can set them)', async () => {
    const response = await fetch(`${kit.url}${SUBMISSIONS}/submissions/media-upload-url`, {
      method: 'POST',
      headers: {
        authorization: kit.visitor,
        'content-type': 'application/json',
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'forms.example.com',
      },
      body: JSON.stringify({ formId: kit.formId, filename: 'a.png', mimeType: 'image/png' }),
    });
    const { uploadUrl } = (await response.json()) as { uploadUrl: string };
    expect(uploadUrl.startsWith(`${kit.url}/_api/`)).toBe(true);
    expect(uploadUrl).not.toContain('forms.example.com');
  });

  it('are refused for types no file field takes, forms without file fields, disabled and unknown forms', async () => {
    const exe = await uploadUrl({ filename: 'tool.exe', mimeType: 'application/x-msdownload' });
    expect([exe.status, codeOf(exe)]).toEqual([400, 'UNSUPPORTED_FILE_FORMAT']);
    const badType = await uploadUrl({ filename: 'a', mimeType: 'not a type' });
    expect(badType.status).toBe(400);
    const badName = await uploadUrl({ filename: '../../etc/passwd', mimeType: 'image/png' });
    expect(badName.status).toBe(400);
    const plain = await kit.createForm({
      name: 'No files',
      formFields: [{ target: 'a', validation: { string: {} } }],
    });
    const noField = await kit.call('POST', `${SUBMISSIONS}/submissions/media-upload-url`, {
      formId: plain.id,
      filename: 'a.png',
      mimeType: 'image/png',
    });
    expect([noField.status, codeOf(noField)]).toEqual([400, 'NOT_A_FILE_UPLOAD_FIELD']);
    const closed = await kit.contactForm({ name: 'Closed uploads', enabled: false });
    const disabled = await kit.call('POST', `${SUBMISSIONS}/submissions/media-upload-url`, {
      formId: closed,
      filename: 'a.png',
      mimeType: 'image/png',
    });
    expect(violationsOf(disabled)).toEqual([['form.properties.disabled', 'DISABLED_FORM_ERROR']]);
    const unknown = await uploadUrl({ formId: 'nope', filename: 'a.png', mimeType: 'image/png' });
    expect(unknown.status).toBe(404);
    expect((await uploadUrl({ filename: 'a.png', mimeType: 'image/png' }, null)).status).toBe(401);
  });
});

describe('uploading to a media upload URL', () => {
  it('stores the file (owner form:<id>) and answers its id and URL, which serves the bytes', async () => {
    const uploaded = await kit.upload(kit.formId, imageFile());
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    const { file } = uploaded.body;
    expect(file).toMatchObject({
      displayName: 'photo.png',
      filename: 'photo.png',
      contentType: 'image/png',
      sizeBytes: png.byteLength,
    });
    expect(file.url.startsWith(kit.url)).toBe(true);
    const served = await fetch(file.url);
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(png);
    const { rows } = await sql<{
      owner: string;
    }>`SELECT owner FROM media_files WHERE id = ${file.id}`.execute(kit.identity.platform.db);
    expect(rows[0]?.owner).toBe(`form:${kit.formId}`);
  });

  it('accepts POST as well as PUT, and a generic or missing type as the declared one', async () => {
    for (const [method, type] of [
      ['POST', 'image/png'],
      ['PUT', 'application/octet-stream'],
      ['PUT', undefined],
    ] as const) {
      const granted = await uploadUrl({ filename: 'photo.png', mimeType: 'image/png' });
      const answer = await putBytes(granted.body.uploadUrl, png, type, method);
      expect(answer.status, `${method} ${type}`).toBe(200);
    }
  });

  it('uses a URL once: the second upload is refused with 410', async () => {
    const granted = await uploadUrl({ filename: 'photo.png', mimeType: 'image/png' });
    expect((await putBytes(granted.body.uploadUrl, png, 'image/png')).status).toBe(200);
    const again = await putBytes(granted.body.uploadUrl, png, 'image/png');
    expect([again.status, codeOf(again)]).toEqual([410, 'UPLOAD_URL_INVALID']);
  });

  it('refuses expired and unknown URLs', async () => {
    const granted = await uploadUrl({ filename: 'photo.png', mimeType: 'image/png' });
    await sql`UPDATE form_upload_tokens SET expires_at = now() - interval '1 second'`.execute(
      kit.identity.platform.db,
    );
    const expired = await putBytes(granted.body.uploadUrl, png, 'image/png');
    expect([expired.status, codeOf(expired)]).toEqual([410, 'UPLOAD_URL_INVALID']);
    const unknown = await putBytes(`${kit.url}/_api/atrium-uploads/v1/forms/made-up`, png, 'image/png');
    expect([unknown.status, codeOf(unknown)]).toEqual([404, 'UPLOAD_URL_INVALID']);
  });

  it('checks type and size: 415 for another type, 413 over the field limit, 400 for empty or lying bytes', async () => {
    const mismatch = await putBytes(
      (await uploadUrl({ filename: 'photo.png', mimeType: 'image/png' })).body.uploadUrl,
      png,
      'application/pdf',
    );
    expect([mismatch.status, codeOf(mismatch)]).toEqual([415, 'MISMATCH_MIME_TYPE']);
    const big = new Uint8Array(64 * 1024 + 1);
    const tooLarge = await putBytes(
      (await uploadUrl({ filename: 'photo.png', mimeType: 'image/png' })).body.uploadUrl,
      big,
      'image/png',
    );
    expect([tooLarge.status, codeOf(tooLarge)]).toEqual([413, 'FILE_SIZE_OVER_LIMIT']);
    const empty = await putBytes(
      (await uploadUrl({ filename: 'photo.png', mimeType: 'image/png' })).body.uploadUrl,
      new Uint8Array(),
      'image/png',
    );
    expect([empty.status, codeOf(empty)]).toEqual([400, 'ZERO_FILE_SIZE']);
    const lying = await putBytes(
      (await uploadUrl({ filename: 'photo.png', mimeType: 'image/png' })).body.uploadUrl,
      pdfBytes(),
      'image/png',
    );
    expect(lying.status).toBeGreaterThanOrEqual(400);
    expect(lying.status).toBeLessThan(500);
    // A failed upload leaves no file record behind.
    const { rows } = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM form_files WHERE size_bytes = 0 OR filename = 'none'`.execute(
      kit.identity.platform.db,
    );
    expect(rows[0]?.n).toBe(0);
  });

  it('refuses a body over the global cap with 413, declared or streamed', async () => {
    const open = await kit.createForm({
      name: 'Big files',
      formFields: [
        {
          inputOptions: {
            target: 'file',
            inputType: 'WIX_FILE',
            wixFileOptions: { validation: { maxFileSizeBytes: FORMS_LIMITS.maxUploadBytes } },
          },
        },
      ],
    });
    const granted = await kit.call('POST', `${SUBMISSIONS}/submissions/media-upload-url`, {
      formId: open.id,
      filename: 'huge.png',
      mimeType: 'image/png',
    });
    const huge = new Uint8Array(FORMS_LIMITS.maxUploadBytes + 1);
    const declared = await putBytes(granted.body.uploadUrl, huge, 'image/png');
    expect([declared.status, codeOf(declared)]).toEqual([413, 'FILE_SIZE_OVER_LIMIT']);
    // Streamed (chunked, no Content-Length): refused once the body passes the cap.
    const chunk = new Uint8Array(1024 * 1024);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > FORMS_LIMITS.maxUploadBytes) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const response = await fetch(granted.body.uploadUrl, {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(
      ((await response.json()) as { details: { applicationError: { code: string } } }).details
        .applicationError.code,
    ).toBe('FILE_SIZE_OVER_LIMIT');
  });
});

describe('uploaded files as field values', () => {
  it('are valid as { fileId, displayName, url, fileType } objects or as URLs, for one submission', async () => {
    const first = (await kit.upload(kit.formId, imageFile())).body.file;
    const second = (
      await kit.upload(kit.formId, { bytes: pdfBytes(), filename: 'cv.pdf', mimeType: 'application/pdf' })
    ).body.file;
    const value = [
      { fileId: first.id, displayName: first.displayName, url: first.url, fileType: 'image/png' },
      second.url,
    ];
    const created = await kit.submit(kit.formId, { ...VALID_CONTACT, attachment: value }, kit.visitor);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.submission.submissions.attachment).toEqual(value);
    // The same files cannot go into another submission.
    const reused = await kit.submit(
      kit.formId,
      { ...VALID_CONTACT, attachment: [{ fileId: first.id }] },
      kit.visitor,
    );
    expect(violationsOf(reused)).toEqual([['attachment/0/fileId', 'NOT_ALLOWED_VALUE_ERROR']]);
  });

  it('are refused when not uploaded for this form, repeated, too many, of a type or size the field does not take', async () => {
    const otherForm = await kit.contactForm({ name: 'Other' });
    const foreign = (await kit.upload(otherForm, imageFile())).body.file;
    const mine = (await kit.upload(kit.formId, imageFile())).body.file;
    const checks: [unknown, [string, string][]][] = [
      [[{ fileId: foreign.id }], [['attachment/0/fileId', 'FORMAT_ERROR']]],
      [[{ fileId: 'made-up' }], [['attachment/0/fileId', 'FORMAT_ERROR']]],
      [[`${kit.url}/media/not-a-file.png`], [['attachment/0', 'FORMAT_ERROR']]],
      [[{ fileId: mine.id, url: foreign.url }], [['attachment/0/fileId', 'FORMAT_ERROR']]],
      [[{ fileId: mine.id }, mine.url], [['attachment/1', 'NOT_ALLOWED_VALUE_ERROR']]],
      [[{ fileId: mine.id }, 42], [['attachment/1', 'TYPE_ERROR']]],
      [[{ name: 'x' }], [['attachment/0/fileId', 'TYPE_ERROR']]],
    ];
    for (const [attachment, expected] of checks) {
      const answer = await kit.submit(kit.formId, { ...VALID_CONTACT, attachment }, kit.visitor);
      expect(violationsOf(answer), JSON.stringify(attachment)).toEqual(expected);
    }
    const three = [];
    for (let i = 0; i < 3; i++)
      three.push({ fileId: (await kit.upload(kit.formId, imageFile())).body.file.id });
    expect(
      violationsOf(await kit.submit(kit.formId, { ...VALID_CONTACT, attachment: three }, kit.visitor)),
    ).toEqual([['attachment', 'MAX_ITEMS_ERROR']]);
    // A form whose two file fields differ: a PDF is fine for one, not the other; a large image for neither.
    const twoFields = await kit.createForm({
      name: 'Two file fields',
      formFields: [
        {
          inputOptions: {
            target: 'photo',
            inputType: 'WIX_FILE',
            wixFileOptions: { validation: { uploadFileFormats: ['IMAGE'], maxFileSizeBytes: 100 } },
          },
        },
        {
          inputOptions: {
            target: 'cv',
            inputType: 'WIX_FILE',
            wixFileOptions: { validation: { uploadFileFormats: ['DOCUMENT'] } },
          },
        },
      ],
    });
    const pdf = (
      await kit.upload(twoFields.id, { bytes: pdfBytes(), filename: 'cv.pdf', mimeType: 'application/pdf' })
    ).body.file;
    const asPhoto = await kit.submit(twoFields.id, { photo: [{ fileId: pdf.id }] }, kit.visitor);
    expect(violationsOf(asPhoto)).toEqual([['photo/0/fileId', 'NOT_ALLOWED_VALUE_ERROR']]);
    const big = await pngBytes(64);
    expect(big.byteLength).toBeGreaterThan(100);
    const granted = await kit.call('POST', `${SUBMISSIONS}/submissions/media-upload-url`, {
      formId: twoFields.id,
      filename: 'big.png',
      mimeType: 'image/png',
    });
    expect((await putBytes(granted.body.uploadUrl, big, 'image/png')).status).toBe(413);
    expect((await kit.submit(twoFields.id, { cv: [{ fileId: pdf.id }] }, kit.visitor)).status).toBe(200);
  });
});

describe('deleting submissions with files', () => {
  it('removes the files of a permanent delete, keeps them with preserveFiles or in the trash', async () => {
    const submitWithFile = async () => {
      const file = (await kit.upload(kit.formId, imageFile())).body.file;
      const { id } = (
        await kit.submit(kit.formId, { ...VALID_CONTACT, attachment: [{ fileId: file.id }] }, kit.visitor)
      ).body.submission;
      return { id, file };
    };
    const trashed = await submitWithFile();
    await kit.call('DELETE', `${SUBMISSIONS}/submissions/${trashed.id}`);
    expect((await fetch(trashed.file.url)).status).toBe(200);

    const preserved = await submitWithFile();
    await kit.call(
      'DELETE',
      `${SUBMISSIONS}/submissions/${preserved.id}?submissionId=${preserved.id}&permanent=true&preserveFiles=true`,
    );
    expect((await fetch(preserved.file.url)).status).toBe(200);

    const removed = await submitWithFile();
    const answer = await kit.call(
      'DELETE',
      `${SUBMISSIONS}/submissions/${removed.id}?permanent=true&preserveFiles=false`,
    );
    expect(answer.status).toBe(200);
    expect((await fetch(removed.file.url)).status).toBe(404);

    // Removing from the trash removes the files too.
    await kit.call('DELETE', `${SUBMISSIONS}/submissions/trash-bin/${trashed.id}?submissionId=${trashed.id}`);
    expect((await fetch(trashed.file.url)).status).toBe(404);
  });
});
