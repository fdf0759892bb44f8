import type { FormField } from '@atrium/contract/types';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { Body } from '../../../test/support/http.js';
import { perFile } from '../../../test/support/per-file.js';
import type { TestPlatformOptions } from '../../testing/index.js';
import { type Answer, type IdentityKit, startIdentityKit } from '../identity/test-kit.js';

/**
 * Helpers for the forms tests: a platform whose members sign up at once, callers of every kind,
 * wire-path requests, a contact form like the demo's, and real files to upload. Everything goes
 * over HTTP, as a client would.
 */
export const SUBMISSIONS = '/form-submission-service/v4';
export const SCHEMAS = '/form-schema-service/v4';
export const CONTACTS = '/form-submission-contact-mapping-service/v4';
export const NAMESPACE = 'wix.form_app.form';

export interface Member {
  readonly id: string;
  readonly token: string;
  readonly email: string;
}

export interface FormsKit {
  readonly identity: IdentityKit;
  readonly url: string;
  readonly apiKey: string;
  /** A request; `authorization` null sends none, undefined the API key. */
  call<T = Body>(
    method: string,
    path: string,
    body?: unknown,
    authorization?: string | null,
  ): Promise<Answer<T>>;
  createForm(form: object): Promise<Body>;
  /** A contact form (name, email, phone, message, attachment); its id. */
  contactForm(extra?: object): Promise<string>;
  submit(formId: string, submissions: object, authorization?: string | null): Promise<Answer>;
  /** Gets an upload URL as `authorization` and PUTs `bytes` there; the upload's answer. */
  upload(
    formId: string,
    file: { bytes: Uint8Array; filename: string; mimeType: string },
    authorization?: string | null,
  ): Promise<Answer>;
  visitorToken(): Promise<string>;
  member(label?: string): Promise<Member>;
  close(): Promise<void>;
}

/** The demo contact form's fields, in the flat shape of docs/wire.md §14 (the attachment nested). */
export const CONTACT_FIELDS: FormField[] = [
  { identifier: 'TEXT_INPUT', target: 'name', validation: { required: true, string: { maxLength: 100 } } },
  {
    identifier: 'CONTACTS_EMAIL',
    target: 'email',
    validation: { required: true, string: { format: 'EMAIL' } },
  },
  { identifier: 'CONTACTS_PHONE', target: 'phone', validation: { string: { format: 'PHONE' } } },
  { identifier: 'TEXT_AREA', target: 'message', validation: { required: true, string: { maxLength: 2000 } } },
  {
    identifier: 'FILE_UPLOAD',
    fieldType: 'INPUT',
    inputOptions: {
      target: 'attachment',
      inputType: 'WIX_FILE',
      wixFileOptions: {
        validation: { fileLimit: 2, uploadFileFormats: ['IMAGE', 'DOCUMENT'], maxFileSizeBytes: 64 * 1024 },
      },
    },
  },
];

export const VALID_CONTACT = { name: 'Ada', email: 'ada@example.com', message: 'Hello' };

/** A forms kit with one contact form (`formId`) and a visitor's token (`visitor`). */
export interface ContactKit extends FormsKit {
  readonly formId: string;
  readonly visitor: string;
}

/**
 * The kit of one test file: started before its tests (beforeAll) and closed after them (afterAll).
 * Read it in tests and hooks only: it exists once beforeAll ran.
 */
export const formsKitPerFile = (options: TestPlatformOptions = {}): FormsKit =>
  perFile(() => startFormsKit(options));

/** As formsKitPerFile, with a contact form and a visitor's token made once beforeAll ran. */
export const contactKitPerFile = (): ContactKit =>
  perFile(async () => {
    const kit = await startFormsKit();
    return { ...kit, formId: await kit.contactForm(), visitor: await kit.visitorToken() };
  });

export async function startFormsKit(options: TestPlatformOptions = {}): Promise<FormsKit> {
  const identity = await startIdentityKit({ registration: 'open', ...options });
  const apiKey = identity.platform.apiKey;
  const call = (method: string, path: string, body?: unknown, authorization?: string | null) =>
    identity.call(method, path, body, authorization === null ? undefined : (authorization ?? apiKey));
  const createForm = async (form: object) => {
    const answer = await call('POST', `${SCHEMAS}/forms`, { form: { namespace: NAMESPACE, ...form } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.form;
  };
  const kit: FormsKit = {
    identity,
    url: identity.platform.url,
    apiKey,
    call,
    createForm,
    contactForm: async (extra = {}) =>
      (await createForm({ name: 'Contact', formFields: CONTACT_FIELDS, ...extra })).id,
    submit: (formId, submissions, authorization) =>
      call('POST', `${SUBMISSIONS}/submissions`, { submission: { formId, submissions } }, authorization),
    upload: async (formId, file, authorization) => {
      const granted = await call(
        'POST',
        `${SUBMISSIONS}/submissions/media-upload-url`,
        { formId, filename: file.filename, mimeType: file.mimeType },
        authorization,
      );
      expect(granted.status, JSON.stringify(granted.body)).toBe(200);
      return putBytes(granted.body.uploadUrl, file.bytes, file.mimeType);
    },
    visitorToken: identity.visitorToken,
    member: identity.signedUp,
    close: () => identity.close(),
  };
  return kit;
}

/** PUTs raw bytes to an upload URL, as a browser would (no Authorization: the URL is the credential). */
export async function putBytes(
  uploadUrl: string,
  bytes: Uint8Array,
  contentType?: string,
  method = 'PUT',
): Promise<Answer> {
  const response = await fetch(uploadUrl, {
    method,
    headers: contentType === undefined ? {} : { 'content-type': contentType },
    body: Buffer.from(bytes),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
}

/** A real PNG image of `size` × `size` pixels. */
export const pngBytes = async (size = 4): Promise<Uint8Array> =>
  new Uint8Array(
    await sharp({ create: { width: size, height: size, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer(),
  );

/** A minimal PDF document. */
export const pdfBytes = (): Uint8Array =>
  new TextEncoder().encode(
    '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  );

/** The application error code of an answer. */
export const codeOf = (answer: Answer): string | undefined => answer.body?.details?.applicationError?.code;

/** The submission validation errors of a 400 answer, as `[errorPath, errorType]` pairs. */
export const violationsOf = (answer: Answer): [string, string][] =>
  (answer.body?.details?.validationError?.fieldViolations ?? []).flatMap((violation: Body) =>
    (violation.data?.errors ?? []).map((error: Body) => [error.errorPath, error.errorType]),
  );
