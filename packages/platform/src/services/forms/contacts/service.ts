import { randomUUID } from 'node:crypto';
import { FORMS_ERROR_CODES } from '@atrium/contract';
import { fieldRules, hasFormat } from '@atrium/contract/forms-validation';
import type {
  ContactIdentityType,
  UpsertContactFromSubmissionRequest,
  UpsertContactFromSubmissionResponse,
} from '@atrium/contract/types';
import { sql } from 'kysely';
import type { Caller } from '../../../oauth/caller.js';
import { inTransaction, type Tx } from '../../../storage/transaction.js';
import type { FormsContext } from '../context.js';
import { formsError } from '../errors.js';
import { isUuid } from '../ids.js';
import { findForm } from '../schemas/store.js';
import { readableSubmission } from '../submissions/service.js';
import { changeSubmission, type StoredSubmission } from '../submissions/store.js';

/**
 * The submission→contact mapping (wire.md §8 contact upsert): a contact per e-mail address, made
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

async function memberWithEmail(trx: Tx, email: string): Promise<string | undefined> {
  const { rows } = await sql<{ id: string }>`
    SELECT id::text AS id FROM identities WHERE lower(email) = ${email} AND status <> 'DELETED' LIMIT 1`.execute(
    trx,
  );
  return rows[0]?.id;
}

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
      const { rows } = await sql<{ id: string }>`
        UPDATE form_contacts SET info = info || ${JSON.stringify(info)}::jsonb, updated_at = ${now}
        WHERE id::text = ${request.contactId} RETURNING id::text AS id`.execute(trx);
      if (rows[0] === undefined || !isUuid(request.contactId)) {
        throw formsError(404, FORMS_ERROR_CODES.contactNotFound, `No contact with id ${request.contactId}.`);
      }
      contactId = rows[0].id;
    } else {
      const { rows: inserted } = await sql<{ id: string; inserted: boolean }>`
        INSERT INTO form_contacts (id, email, identity_id, info, created_at, updated_at)
        VALUES (${randomUUID()}::uuid, ${email}, ${identityId ?? null}::uuid, ${JSON.stringify(info)}::jsonb, ${now}, ${now})
        ON CONFLICT (email) DO UPDATE SET info = form_contacts.info || EXCLUDED.info, updated_at = EXCLUDED.updated_at,
          identity_id = COALESCE(EXCLUDED.identity_id, form_contacts.identity_id)
        RETURNING id::text AS id, (xmax = 0) AS inserted`.execute(trx);
      contactId = inserted[0]!.id;
      newContact = inserted[0]!.inserted;
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
