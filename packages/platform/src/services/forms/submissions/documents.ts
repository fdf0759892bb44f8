import { FORM_SUBMISSIONS_PREFIX, FORM_SUBMISSIONS_ROUTES, FORMS_ERROR_CODES } from '@atrium/contract';
import { fieldRules } from '@atrium/contract/forms-validation';
import type { FormattedSubmissionResponse, Json, SubmissionDocumentResponse } from '@atrium/contract/types';
import { jwtVerify, SignJWT } from 'jose';
import type { Caller } from '../../../oauth/caller.js';
import { SIGNING_ALGORITHM } from '../../../oauth/keys.js';
import type { FormsContext } from '../context.js';
import { formsError, submissionNotFound } from '../errors.js';
import { isUuid } from '../ids.js';
import { findForm } from '../schemas/store.js';
import { readableSubmission } from './service.js';
import { findSubmission, type StoredSubmission } from './store.js';

/**
 * A submission as a document (docs/wire.md §8 "Also present"): `…/document` answers a download URL
 * carrying a signed, short-lived access token (the reader's right to that one submission, checked
 * when the URL is used, with no stored state); `…/download` answers the document, a plain-text
 * rendering of the values with the URLs of the uploaded files; `…/formatted` the values as text.
 */

const DOCUMENT_TOKEN_TYPE = 'submission-document';
const DOCUMENT_TOKEN_LIFETIME_SECONDS = 3600;

export async function getSubmissionDownloadUrl(
  ctx: FormsContext,
  caller: Caller,
  submissionId: string,
  baseUrl: string,
): Promise<SubmissionDocumentResponse> {
  const submission = await readableSubmission(ctx.db, caller, submissionId);
  const now = Math.floor(Date.now() / 1000);
  const token = await new SignJWT({ typ: DOCUMENT_TOKEN_TYPE })
    .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid: ctx.keys.kid })
    .setSubject(submission.id)
    .setIssuedAt(now)
    .setExpirationTime(now + DOCUMENT_TOKEN_LIFETIME_SECONDS)
    .sign(ctx.keys.privateKey);
  const path =
    FORM_SUBMISSIONS_PREFIX.wire + FORM_SUBMISSIONS_ROUTES.download.replace('{submissionId}', submission.id);
  const downloadUrl = `${baseUrl}${path}?accessToken=${encodeURIComponent(token)}`;
  return { document: { status: 'READY', readyDetails: { downloadUrl } } };
}

/** The submission an access token opens, or 403 (a token for another submission, expired, forged). */
export async function documentSubmission(
  ctx: FormsContext,
  submissionId: string,
  accessToken: string | undefined,
): Promise<StoredSubmission> {
  const denied = () =>
    formsError(
      403,
      FORMS_ERROR_CODES.documentAccessDenied,
      'The access token does not open this submission; ask for a new download URL.',
    );
  if (accessToken === undefined || accessToken === '') throw denied();
  try {
    const { payload } = await jwtVerify(
      accessToken,
      async (header) => {
        const key = header.kid === undefined ? undefined : ctx.keys.publicKeys.get(header.kid);
        if (key === undefined) throw new Error('unknown key');
        return key;
      },
      { algorithms: [SIGNING_ALGORITHM] },
    );
    if (payload.typ !== DOCUMENT_TOKEN_TYPE || payload.sub !== submissionId) throw denied();
  } catch {
    throw denied();
  }
  const submission = isUuid(submissionId) ? await findSubmission(ctx.db, submissionId, 'live') : undefined;
  if (submission === undefined) throw submissionNotFound(submissionId);
  return submission;
}

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** One value as text: files as `name <url>`, lists joined, objects as JSON. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(valueText).join(', ');
  if (isObject(value)) {
    if (typeof value.fileId === 'string') {
      const name = typeof value.displayName === 'string' ? value.displayName : value.fileId;
      return typeof value.url === 'string' ? `${name} <${value.url}>` : name;
    }
    return JSON.stringify(value);
  }
  return String(value);
}

/** The values in form order (then any others), each with the id of its field. */
async function orderedValues(ctx: FormsContext, submission: StoredSubmission) {
  const form = await findForm(ctx.db, submission.formId, { includeDeleted: true });
  const fields = form?.definition.formFields ?? [];
  const rules = fieldRules(fields);
  const order = rules.map((rule) => rule.target);
  const fieldIdOf = new Map(
    fields.map((field) => [field.inputOptions?.target ?? field.target ?? '', field.id ?? ''] as const),
  );
  const keys = [
    ...order.filter((key) => key in submission.submissions),
    ...Object.keys(submission.submissions).filter((key) => !order.includes(key)),
  ];
  return {
    formName: form?.name ?? null,
    values: keys.map((key) => ({
      key,
      value: valueText(submission.submissions[key]),
      fieldId: fieldIdOf.get(key) ?? '',
    })),
  };
}

export async function renderDocument(
  ctx: FormsContext,
  submission: StoredSubmission,
): Promise<{ filename: string; text: string }> {
  const { formName, values } = await orderedValues(ctx, submission);
  const lines = [
    `Submission ${submission.id}`,
    `Form: ${formName === null ? submission.formId : `${formName} (${submission.formId})`}`,
    `Status: ${submission.status}`,
    `Submitted: ${submission.createdAt.toISOString()}`,
    '',
    ...values.map(({ key, value }) => `${key}: ${value}`),
    '',
  ];
  return { filename: `submission-${submission.id}.txt`, text: lines.join('\n') };
}

export async function getFormattedSubmission(
  ctx: FormsContext,
  caller: Caller,
  submissionId: string,
): Promise<FormattedSubmissionResponse> {
  const submission = await readableSubmission(ctx.db, caller, submissionId);
  const { values } = await orderedValues(ctx, submission);
  return { submissionId: submission.id, submissions: values };
}
