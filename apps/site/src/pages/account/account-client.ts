import { useClient } from '@atrium/react';
import { account } from '@atrium/sdk/account';
import { members } from '@atrium/sdk/members';

/**
 * The account page's client: the profile through `@atrium/sdk/members` (`getCurrentMember`,
 * `updateMember`, `deleteMyMember`, the reference's calls), the password, the login e-mail and the
 * authenticator app through `@atrium/sdk/account` (Atrium's own calls). Only the account page imports
 * this module, so no other page downloads either SDK module.
 */
const modules = { members, account };
type AccountClient = typeof modules;
const bound = new WeakMap<object, AccountClient>();
export function useAccountClient(): AccountClient {
  const client = useClient() as unknown as { use(modules: object): unknown };
  let accountClient = bound.get(client);
  if (!accountClient) {
    accountClient = client.use(modules) as AccountClient;
    bound.set(client, accountClient);
  }
  return accountClient;
}

export const MEMBER_KEY = ['account', 'member'] as const;
export const SECURITY_KEY = ['account', 'security'] as const;

interface Violation {
  field: string;
  description: string;
}
export interface Refusal {
  message: string;
  status?: number;
  code?: string;
  violations: Violation[];
}

/** What a failed call says: its field violations, its application code, its message. */
export function refusalOf(error: unknown): Refusal {
  const { status, details, message } = (error ?? {}) as {
    status?: number;
    message?: string;
    details?: {
      validationError?: { fieldViolations?: Violation[] };
      applicationError?: { code?: string; description?: string };
    };
  };
  return {
    status,
    code: details?.applicationError?.code,
    violations: details?.validationError?.fieldViolations ?? [],
    message: details?.applicationError?.description ?? message ?? String(error),
  };
}

/** The refusal of a failed call, or null while it has not failed. */
export function refusalOrNull(error: unknown): Refusal | null {
  return error ? refusalOf(error) : null;
}

/** The description of the first violation whose field ends with one of `names`. */
export function fieldError(refusal: Refusal | null, ...names: string[]): string | null {
  const violation = refusal?.violations.find((candidate) =>
    names.some((name) => candidate.field === name || candidate.field.endsWith(`.${name}`)),
  );
  return violation ? violation.description : null;
}

/** A form-level message when the refusal names no field of the form. */
export function formError(refusal: Refusal | null, fields: string[]): string | null {
  if (!refusal) return null;
  if (refusal.violations.some((v) => fields.some((name) => v.field === name || v.field.endsWith(`.${name}`))))
    return null;
  return refusal.message;
}
