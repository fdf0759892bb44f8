import { FORMS_ERROR_CODES } from '@atrium/contract';
import { fieldRules, hasFormat } from '@atrium/contract/forms-validation';
import type {
  ContactIdentityType,
  UpsertContactFromSubmissionRequest,
  UpsertContactFromSubmissionResponse,
} from '@atrium/contract/types';
import type { Caller } from '../../../oauth/caller.js';
import { inTransaction } from '../../../storage/transaction.js';
import type { FormsContext } from '../context.js';
import { formsError } from '../errors.js';
import { isUuid } from '../ids.js';
import { findForm } from '../schemas/store.js';
import { readableSubmission } from '../submissions/service.js';
import { changeSubmission, type StoredSubmission } from '../submissions/store.js';
import { memberWithEmail, updateContact, upsertContact } from './store.js';

/**
 * The submission→contact mapping (docs/wire.md §8 contact upsert): a contact per e-mail address, made
 * from a submission's e-mail field (the field whose format is EMAIL, else the value named
 * `email`). The contact is MEMBER when the address is the calling member's login e-mail,
 * NOT_AUTHENTICATED_MEMBER when it is another member's, CONTACT otherwise. For API keys and for
 * the member who submitted.
 */

/** The submission's e-mail address, lower-cased, or undefined. */
export function submissionEmail(
  submission: StoredSubmission,
  rules: ReturnType<typeof fieldRules>,
): string | undefined {
  const isEmail = (value: unknown): value is string =>
    typeof value === 'string' && hasFormat(value.trim(), 'EMAIL');
  const targets = [
    ...rules.filter((rule) => rule.string?.format === 'EMAIL').map((rule) => rule.target),
    'email',
  ];
  const found = targets.map((target) => submission.submissions[target]).find(isEmail);
  return found?.trim().toLowerCase();
}

const textValue = (submission: StoredSubmission, ...keys: string[]) =>
  keys
    .map((key) => submission.submissions[key])
    .find((value): value is string => typeof value === 'string' && value !== '');

export async function upsertContactFromSubmission(
  ctx: FormsContext,
  caller: Caller,
  request: UpsertContactFromSubmissionRequest,
  now = new Date(),
): Promise<UpsertContactFromSubmissionResponse> {
  const submission = await readableSubmission(ctx.db, caller, request.submissionId);
  const form = await findForm(ctx.db, submission.formId, { includeDeleted: true });
  const email = submissionEmail(submission, fieldRules(form?.definition.formFields ?? []));
  if (email === undefined) {
    throw formsError(
      400,
      FORMS_ERROR_CODES.noContactEmail,
      `The submission ${submission.id} has no e-mail address to make a contact of.`,
    );
  }
  const info = {
    name: textValue(submission, 'name', 'full_name', 'fullName'),
    firstName: textValue(submission, 'first_name', 'firstName'),
    lastName: textValue(submission, 'last_name', 'lastName'),
    phone: textValue(submission, 'phone'),
    ...(request.emailVerified === undefined ? {} : { emailVerified: request.emailVerified }),
    lastSubmissionId: submission.id,
  };
  return inTransaction(ctx.db, async (trx) => {
    const identityId = await memberWithEmail(trx, email);
    let contactId: string;
    let newContact = false;
    if (request.contactId !== undefined && request.contactId !== null) {
      const updated = await updateContact(trx, request.contactId, info, now);
      if (updated === undefined || !isUuid(request.contactId)) {
        throw formsError(404, FORMS_ERROR_CODES.contactNotFound, `No contact with id ${request.contactId}.`);
      }
      contactId = updated;
    } else {
      const upserted = await upsertContact(trx, { email, identityId, info }, now);
      contactId = upserted.id;
      newContact = upserted.inserted;
    }
    if (submission.contactId !== contactId) await changeSubmission(trx, submission.id, { contactId }, now);
    const identityType: ContactIdentityType =
      identityId === undefined
        ? 'CONTACT'
        : caller.kind === 'member' && caller.subjectId === identityId
          ? 'MEMBER'
          : 'NOT_AUTHENTICATED_MEMBER';
    return { submitContactResponse: { contactId, identityType, newContact } };
  });
}
