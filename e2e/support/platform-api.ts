import { createHmac } from 'node:crypto';
import {
  ADMIN_PREFIX,
  ADMIN_ROUTES,
  DEV_ROUTES,
  FORM_SCHEMAS_PREFIX,
  FORM_SCHEMAS_ROUTES,
  FORM_SUBMISSIONS_PREFIX,
  FORM_SUBMISSIONS_ROUTES,
  WIX_FORMS_NAMESPACE,
} from '@atrium/contract/routes';
import type { EnrollFactorResponse, Identity, MailboxResponse, MailMessage } from '@atrium/contract/types';
import { platformUrl } from './urls';

/** The owner's API key the global setup started the platform with. */
export const apiKey = (): string => {
  const key = process.env.ATRIUM_E2E_API_KEY;
  if (!key) throw new Error('ATRIUM_E2E_API_KEY is not set: run the suite through playwright.config.ts');
  return key;
};

let counter = 0;
/** A fresh e-mail address per call, so tests never collide on a shared platform. */
export const uniqueEmail = (label: string): string =>
  `${label}-${Date.now().toString(36)}-${counter++}@example.com`;

/** The newest mail for `to`, waiting briefly for it (mail is written by the request that sends it). */
export async function latestMail(to: string, { after = 0 } = {}): Promise<MailMessage> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const url = new URL(DEV_ROUTES.mailbox, platformUrl());
    url.searchParams.set('to', to);
    const { messages } = (await (await fetch(url)).json()) as MailboxResponse;
    if (messages.length > after && messages[0]) return messages[0];
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail arrived for ${to}`);
}

/** Calls the platform at `path` with the owner's API key; throws unless it answers 200. */
export async function ownerCall<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(platformUrl(path), {
    method,
    headers: {
      authorization: apiKey(),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status !== 200)
    throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** Calls the platform's elevated admin API with the owner's key. */
export const admin = <T>(method: string, route: string, body?: unknown): Promise<T> =>
  ownerCall<T>(method, ADMIN_PREFIX + route, body);

export const setRegistrationPolicy = (registration: 'open' | 'approval' | 'verify-email') =>
  admin('PUT', ADMIN_ROUTES.sitePolicy, { registration, captcha: false });

export async function memberByEmail(email: string): Promise<Identity> {
  const { members } = await admin<{ members: Identity[] }>('GET', ADMIN_ROUTES.listMembers);
  const member = members.find((m) => m.email.address === email);
  if (!member) throw new Error(`no member ${email}`);
  return member;
}

export const enrollTotp = (identityId: string) =>
  admin<EnrollFactorResponse>('POST', ADMIN_ROUTES.enrollFactor.replace('{identityId}', identityId), {
    factorType: 'TOTP',
  });

/** RFC 6238 TOTP (SHA-1, 6 digits, 30 s) from a base32 secret: what an authenticator app shows. */
export function totpCode(base32Secret: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of base32Secret.replace(/=+$/, '').toUpperCase()) {
    bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  }
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => Number.parseInt(byte, 2)));
  const counterBytes = Buffer.alloc(8);
  counterBytes.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const hmac = createHmac('sha1', key).update(counterBytes).digest();
  const offset = hmac[hmac.length - 1]! & 0x0f;
  const binary = hmac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, '0');
}

// ── Forms, as the site owner ────────────────────────────────────────────────────────────────────

/** A form submission as the platform's wire answers it (docs/wire.md §8). */
export interface OwnerSubmission {
  id: string;
  formId: string;
  status: string;
  submissions: Record<string, unknown>;
  submitter: Record<string, string>;
}

/** The newest submissions of a form, by an elevated query (namespace query, newest first). */
export async function ownerSubmissionsOf(formId: string, limit = 50): Promise<OwnerSubmission[]> {
  const { submissions } = await ownerCall<{ submissions: OwnerSubmission[] }>(
    'POST',
    FORM_SUBMISSIONS_PREFIX.wire + FORM_SUBMISSIONS_ROUTES.queryByNamespace,
    {
      query: {
        filter: { namespace: WIX_FORMS_NAMESPACE, formId },
        sort: [{ fieldName: 'createdDate', order: 'DESC' }],
        cursorPaging: { limit },
      },
    },
  );
  return submissions;
}

/** A form of the Wix Forms namespace by its name (the seed's forms have fixed names). */
export async function ownerFormByName(name: string): Promise<{ id: string; enabled: boolean; name: string }> {
  const url = `${FORM_SCHEMAS_PREFIX.wire}${FORM_SCHEMAS_ROUTES.forms}?namespace=${encodeURIComponent(WIX_FORMS_NAMESPACE)}`;
  const { forms } = await ownerCall<{ forms: { id: string; enabled: boolean; name: string }[] }>('GET', url);
  const form = forms.find((candidate) => candidate.name === name);
  if (!form) throw new Error(`no form named ${name}`);
  return form;
}
