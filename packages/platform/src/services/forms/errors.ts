import { type FieldViolation, FORMS_ERROR_CODES, SUBMISSION_VALIDATION_RULE } from '@atrium/contract';
import type { SubmissionValidationError } from '@atrium/contract/types';
import { ApiError, applicationError } from '../../errors.js';
import { invalidArgumentMessage } from '../../http/violations.js';

/**
 * The forms services' errors (docs/wire.md §2): application errors with a FORMS_ERROR_CODES code, and
 * the submission validation error, a 400 validation error whose violations each carry the failed
 * values as `data.errors` (the hosted platform's `SubmissionValidationErrorsDetails`), with
 * `ruleName: SUBMISSION_VALIDATION` as the reference's typings name it.
 */
export type FormsErrorCode = (typeof FORMS_ERROR_CODES)[keyof typeof FORMS_ERROR_CODES];

export const formsError = (
  status: number,
  code: FormsErrorCode,
  description: string,
  data: Record<string, unknown> = {},
): ApiError => applicationError(status, code, description, data);

export const invalidRequest = (description: string, data: Record<string, unknown> = {}) =>
  formsError(400, FORMS_ERROR_CODES.invalidRequest, description, data);

export const formNotFound = (formId: string) =>
  formsError(404, FORMS_ERROR_CODES.formNotFound, `No form with id ${formId}.`, { formId });

export const submissionNotFound = (submissionId: string, where = 'submissions') =>
  formsError(404, FORMS_ERROR_CODES.submissionNotFound, `No ${where} entry with id ${submissionId}.`, {
    submissionId,
  });

export const permissionDenied = (description: string) =>
  formsError(403, FORMS_ERROR_CODES.permissionDenied, description);

/** The kit's caller refusals (http/callers.ts) as PERMISSION_DENIED (401 without a caller, else 403). */
export const refuseCaller = (status: number, description: string): ApiError =>
  formsError(status, FORMS_ERROR_CODES.permissionDenied, description);

/** A `.r` parameter that is not base64url JSON of an object (`badEncoding` of the kit's `queryPayload`). */
export const badEncodedRequest = (): ApiError =>
  invalidRequest('The .r parameter must be a JSON object encoded as base64url.');

export const revisionMismatch = (entity: string, id: string, sent: string, current: string) =>
  formsError(
    409,
    FORMS_ERROR_CODES.revisionMismatch,
    `The ${entity} ${id} is at revision ${current}; the update named revision ${sent}. Read it again and retry.`,
    { id, revision: current },
  );

/** The wire path of a failed value (`email`, `files/0/fileId`) as a dotted request path. */
const requestPath = (errorPath: string): string =>
  errorPath === DISABLED_FORM_PATH
    ? 'submission.formId'
    : `submission.submissions.${errorPath.split('/')[0] ?? errorPath}`;

/** Where a disabled form's error points (the hosted platform's path for it). */
export const DISABLED_FORM_PATH = 'form.properties.disabled';

/**
 * 400 for a submission whose values fail the form's rules: one violation per failed value, so the
 * reference's message lists each (`INVALID_ARGUMENT: "submission.submissions.email" …`). Sorted by
 * field, as the reference client sorts them: every client then shows them in one order.
 */
export function submissionValidationError(errors: readonly SubmissionValidationError[]): ApiError {
  const byField = (a: FieldViolation, b: FieldViolation) =>
    a.field < b.field ? -1 : a.field > b.field ? 1 : 0;
  const violations = errors.map((error) => {
    const violation = {
      field: requestPath(error.errorPath),
      description: error.errorMessage ?? error.errorType,
      violatedRule: 'OTHER',
      ruleName: SUBMISSION_VALIDATION_RULE,
      data: { errors: [error] },
    };
    return violation as FieldViolation;
  });
  violations.sort(byField);
  return new ApiError(400, {
    message: invalidArgumentMessage(violations),
    details: { validationError: { fieldViolations: violations } },
  });
}
