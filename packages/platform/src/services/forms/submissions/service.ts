import { randomUUID } from 'node:crypto';
import {
  FORMS_ERROR_CODES,
  SUBMISSION_STATUSES,
  SUBMISSION_VALIDATION_RULE,
  WIX_FORMS_NAMESPACE,
} from '@atrium/contract';
import { fieldRules } from '@atrium/contract/forms-validation';
import type {
  CreateSubmissionRequest,
  FormSubmission,
  SubmissionInput,
  SubmissionStatus,
  SubmissionValidationError,
  Submitter,
  UpdateExtendedFieldsRequest,
  UpdateSubmissionRequest,
  ValidateFormSubmissionRequest,
  ValidateFormSubmissionResponse,
} from '@atrium/contract/types';
import { requireElevated, requireIdentified } from '../../../http/callers.js';
import type { Caller } from '../../../oauth/caller.js';
import type { Db } from '../../../storage/database.js';
import { inTransaction } from '../../../storage/transaction.js';
import {
  DISABLED_FORM_PATH,
  formsError,
  invalidRequest,
  permissionDenied,
  refuseCaller,
  revisionMismatch,
  submissionNotFound,
  submissionValidationError,
} from '../errors.js';
import { isUuid } from '../ids.js';
import { requireForm } from '../schemas/service.js';
import type { Queryable, StoredForm } from '../schemas/store.js';
import { attachFiles, detachFilesExcept, lookupFiles } from '../uploads/store.js';
import {
  changeSubmission,
  countLive,
  findSubmission,
  insertSubmission,
  type StoredSubmission,
  toWireSubmission,
} from './store.js';
import { fileReferences, resolveFiles, type ValidationScope, validateValues } from './validation.js';

/**
 * Submissions (docs/wire.md §8): created by visitors, members and API keys; read by API keys and by
 * the member who submitted; changed only by API keys. Every write is one transaction.
 *
 * Status at creation, following the hosted docs (dev.wix.com, Form Submissions › Confirm
 * Submission and the FormSubmission `status` field): forms of the Wix Forms app
 * (`wix.form_app.form`) record a submission at once as CONFIRMED; namespaces that complete another
 * step first (pricing plans and other apps) create it PENDING, to be confirmed later. An API key
 * may change the status with updateSubmission (the docs' way to make a submission PENDING).
 */
export const initialStatus = (namespace: string): SubmissionStatus =>
  namespace === WIX_FORMS_NAMESPACE ? 'CONFIRMED' : 'PENDING';

/** API-key submissions name the local platform as the application. */
export const API_KEY_APPLICATION_ID = 'atrium-api-key';

export function submitterOf(caller: Exclude<Caller, { kind: 'anonymous' }>): Submitter {
  if (caller.kind === 'member') return { memberId: caller.subjectId };
  if (caller.kind === 'visitor') return { visitorId: caller.subjectId };
  return { applicationId: API_KEY_APPLICATION_ID };
}

/** A live submission the caller may read: an API key's, or the member's own (404 otherwise, so ids do not leak). */
export async function readableSubmission(
  db: Queryable,
  caller: Caller,
  submissionId: string,
): Promise<StoredSubmission> {
  const submission = isUuid(submissionId) ? await findSubmission(db, submissionId, 'live') : undefined;
  if (submission !== undefined && (caller.kind === 'elevated' || ownedBy(caller, submission)))
    return submission;
  if (caller.kind !== 'elevated' && caller.kind !== 'member') {
    throw permissionDenied(
      `reading a submission needs an API key, or the member who submitted it; the request was made as ${caller.kind}`,
    );
  }
  throw submissionNotFound(submissionId);
}

export const ownedBy = (caller: Caller, submission: StoredSubmission): boolean =>
  caller.kind === 'member' && submission.submitterMemberId === caller.subjectId;

/** Why a form takes no submission now: disabled, past its deadline, or at a submission limit. */
export async function disabledReasons(
  db: Queryable,
  form: StoredForm,
  submitter: Submitter,
  now: Date,
): Promise<SubmissionValidationError[]> {
  const disabled = (reason: string, params: Record<string, unknown> = {}): SubmissionValidationError[] => [
    {
      errorType: 'DISABLED_FORM_ERROR',
      errorPath: DISABLED_FORM_PATH,
      errorMessage: `The form ${form.id} is not accepting submissions: ${reason}`,
      params: { formId: form.id, ...params },
      useCustomErrorMessage: false,
    },
  ];
  if (!form.enabled) return disabled('it is disabled');
  const rule = form.definition.limitationRule;
  if (rule === undefined) return [];
  const deadline = rule.dateTimeDeadline;
  if (typeof deadline === 'string' && Date.parse(deadline) <= now.getTime()) {
    return disabled(`its deadline ${deadline} has passed`, { dateTimeDeadline: deadline });
  }
  const max = rule.maxAllowedSubmissions;
  if (typeof max === 'number' && (await countLive(db, form.id)) >= max) {
    return disabled(`it has reached its ${max} submissions`, { maxAllowedSubmissions: max });
  }
  const perUser = rule.submissionLimitPerUser;
  const [key, value] = Object.entries(submitter)[0] as [keyof Submitter, string];
  if (typeof perUser === 'number' && (await countLive(db, form.id, { key, value })) >= perUser) {
    return disabled(`this submitter has reached its ${perUser} submissions`, {
      submissionLimitPerUser: perUser,
    });
  }
  return [];
}

interface CheckedValues {
  readonly errors: SubmissionValidationError[];
  /** The stored files the values name (for attaching them to the submission). */
  readonly fileIds: string[];
}

async function checkValues(
  db: Queryable,
  form: StoredForm,
  values: Record<string, unknown>,
  scope: Omit<ValidationScope, 'files' | 'formId'> = {},
): Promise<CheckedValues> {
  const rules = fieldRules(form.definition.formFields);
  const files = await lookupFiles(db, form.id, fileReferences(rules, values));
  const errors = validateValues(rules, values, { ...scope, formId: form.id, files });
  const fileIds = rules
    .filter(
      (rule) => rule.kind === 'file' && values[rule.target] !== undefined && values[rule.target] !== null,
    )
    .flatMap((rule) => resolveFiles(values[rule.target], files))
    .flatMap((file) => (file === undefined ? [] : [file.fileId]));
  return { errors, fileIds };
}

const valuesOf = (submission: SubmissionInput): Record<string, unknown> => submission.submissions ?? {};

function requireFormId(submission: SubmissionInput): string {
  if (typeof submission.formId !== 'string' || submission.formId === '') {
    throw invalidRequest('submission.formId is required: the id of the form this submission belongs to');
  }
  return submission.formId;
}

export async function createSubmission(
  db: Db,
  caller: Caller,
  request: CreateSubmissionRequest,
  now = new Date(),
): Promise<FormSubmission> {
  const submitterCaller = requireIdentified(caller, 'submitting a form', refuseCaller);
  const formId = requireFormId(request.submission);
  const values = valuesOf(request.submission);
  const submitter = submitterOf(submitterCaller);
  return inTransaction(db, async (trx) => {
    // Locking the form serialises its submissions, so that limits count exactly.
    const form = await requireForm(trx, formId, true);
    const disabled = await disabledReasons(trx, form, submitter, now);
    if (disabled.length > 0) throw submissionValidationError(disabled);
    const { errors, fileIds } = await checkValues(trx, form, values);
    if (errors.length > 0) throw submissionValidationError(errors);
    const stored = await insertSubmission(trx, {
      id: randomUUID(),
      formId,
      namespace: form.namespace,
      status: initialStatus(form.namespace),
      submissions: values,
      submitter,
      submitterMemberId: submitterCaller.kind === 'member' ? submitterCaller.subjectId : null,
      now,
    });
    await attachAll(trx, stored.id, fileIds);
    return toWireSubmission(stored);
  });
}

/** Attaches the files a submission names; a file taken meanwhile by another submission is a conflict. */
async function attachAll(trx: Parameters<typeof attachFiles>[0], submissionId: string, fileIds: string[]) {
  const unique = [...new Set(fileIds)];
  if ((await attachFiles(trx, submissionId, unique)) !== unique.length) {
    throw formsError(
      409,
      FORMS_ERROR_CODES.invalidRequest,
      'A file of this submission was just used by another one; upload it again.',
    );
  }
}

export async function validateSubmission(
  db: Db,
  caller: Caller,
  request: ValidateFormSubmissionRequest,
  now = new Date(),
): Promise<ValidateFormSubmissionResponse> {
  const submitterCaller = requireIdentified(caller, 'validating a submission', refuseCaller);
  const form = await requireForm(db, requireFormId(request.submission));
  const only = request.fieldsToValidate?.length ? new Set(request.fieldsToValidate) : undefined;
  const disabled = await disabledReasons(db, form, submitterOf(submitterCaller), now);
  const { errors } = await checkValues(db, form, valuesOf(request.submission), { only });
  const all = [...disabled, ...errors];
  return {
    valid: all.length === 0,
    violationErrors: all.map((error) => ({
      name: error.errorPath.split('/')[0] ?? error.errorPath,
      description: error.errorMessage ?? error.errorType,
      ruleName: SUBMISSION_VALIDATION_RULE,
      submissionValidationErrors: {
        errors: [{ errorType: error.errorType, errorPath: error.errorPath, params: error.params ?? {} }],
      },
    })),
  };
}

export async function getSubmission(db: Db, caller: Caller, submissionId: string): Promise<FormSubmission> {
  return toWireSubmission(await readableSubmission(db, caller, submissionId));
}

const SETTABLE_STATUSES: ReadonlySet<string> = new Set(
  SUBMISSION_STATUSES.filter((s) => s !== 'UNKNOWN_SUBMISSION_STATUS'),
);

/**
 * Replaces what the update sends (values, status, seen, tags, extended fields) and bumps the
 * revision; the current revision must be sent (409 when it is not the current one). Values are
 * checked against the form as on creation (a disabled form still lets its submissions be edited).
 */
export async function updateSubmission(
  db: Db,
  caller: Caller,
  submissionId: string,
  request: UpdateSubmissionRequest,
  now = new Date(),
): Promise<FormSubmission> {
  requireElevated(caller, 'updating a submission', refuseCaller);
  const input = request.submission;
  if (typeof input.revision !== 'string' || !/^\d+$/.test(input.revision)) {
    throw invalidRequest('submission.revision is required: send the revision of the submission you read');
  }
  if (input.status !== undefined && !SETTABLE_STATUSES.has(input.status)) {
    throw invalidRequest(`submission.status must be one of ${[...SETTABLE_STATUSES].join(', ')}`, {
      status: input.status,
    });
  }
  return inTransaction(db, async (trx) => {
    const current = isUuid(submissionId) ? await findSubmission(trx, submissionId, 'live', true) : undefined;
    if (current === undefined) throw submissionNotFound(submissionId);
    if (input.formId !== undefined && input.formId !== current.formId) {
      throw invalidRequest('submission.formId cannot change', { formId: current.formId });
    }
    if (Number(input.revision) !== current.revision) {
      throw revisionMismatch('submission', submissionId, input.revision!, String(current.revision));
    }
    if (input.submissions !== undefined) {
      const form = await requireForm(trx, current.formId);
      const { errors, fileIds } = await checkValues(trx, form, input.submissions, { submissionId });
      if (errors.length > 0) throw submissionValidationError(errors);
      await detachFilesExcept(trx, submissionId, fileIds);
      await attachAll(trx, submissionId, fileIds);
    }
    const changed = await changeSubmission(
      trx,
      submissionId,
      {
        submissions: input.submissions,
        status: input.status as SubmissionStatus | undefined,
        seen: input.seen,
        tagIds: input.tags?.tags?.tagIds,
        extendedFields: input.extendedFields?.namespaces,
      },
      now,
    );
    return toWireSubmission(changed!);
  });
}

/** PENDING → CONFIRMED; any other status is a 400 naming it. */
export async function confirmSubmission(db: Db, caller: Caller, submissionId: string, now = new Date()) {
  requireElevated(caller, 'confirming a submission', refuseCaller);
  return inTransaction(db, async (trx) => {
    const current = isUuid(submissionId) ? await findSubmission(trx, submissionId, 'live', true) : undefined;
    if (current === undefined) throw submissionNotFound(submissionId);
    if (current.status !== 'PENDING') {
      throw formsError(
        400,
        FORMS_ERROR_CODES.invalidStatusTransition,
        `Only a PENDING submission can be confirmed; ${submissionId} is ${current.status}.`,
        { submissionId, status: current.status },
      );
    }
    const changed = await changeSubmission(trx, submissionId, { status: 'CONFIRMED' }, now);
    return { submission: toWireSubmission(changed!) };
  });
}

/** Sets one namespace of a submission's extended fields. */
export async function updateExtendedFields(
  db: Db,
  caller: Caller,
  submissionId: string,
  request: UpdateExtendedFieldsRequest,
  now = new Date(),
) {
  requireElevated(caller, 'updating extended fields', refuseCaller);
  return inTransaction(db, async (trx) => {
    const current = isUuid(submissionId) ? await findSubmission(trx, submissionId, 'live', true) : undefined;
    if (current === undefined) throw submissionNotFound(submissionId);
    const extendedFields = { ...current.extendedFields, [request.namespace]: request.namespaceData };
    const changed = await changeSubmission(trx, submissionId, { extendedFields }, now);
    return {
      namespace: request.namespace,
      namespaceData: request.namespaceData,
      submission: toWireSubmission(changed!),
    };
  });
}
