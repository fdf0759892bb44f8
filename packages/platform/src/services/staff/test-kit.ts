import { ADMIN_PREFIX } from '@atrium/contract';
import { expect } from 'vitest';
import type { TestPlatform } from '../../testing/index.js';
import { SIGN_IN_PAGE, signInUrl } from './mail.js';
import { CSRF_HEADER, ownerSignInLink } from './service.js';

/** What the staff tests share: sessions from one-time links, calls with them and with keys. */

export interface StaffSession {
  cookie: string;
  csrf: string;
}

/** Follows a one-time link as a browser does: its form (POST), from the link's own page. */
export function signInWith(platform: TestPlatform, link: string): Promise<Response> {
  const token = new URL(link).searchParams.get('token') ?? '';
  return fetch(`${platform.url}${SIGN_IN_PAGE}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
    body: new URLSearchParams({ token }),
    redirect: 'manual',
  });
}

/** The session cookie of a sign-in answer, and its CSRF token read as the console reads it. */
export async function sessionOfAnswer(platform: TestPlatform, answer: Response): Promise<StaffSession> {
  const cookie = (answer.headers.get('set-cookie') ?? '').split(';')[0]!;
  const session = await fetch(`${platform.url}${ADMIN_PREFIX}/v1/staff/session`, { headers: { cookie } });
  expect(session.status).toBe(200);
  const { csrfToken } = (await session.json()) as { csrfToken: string };
  return { cookie, csrf: csrfToken };
}

export async function sessionFrom(platform: TestPlatform, link: string): Promise<StaffSession> {
  const answer = await signInWith(platform, link);
  expect(answer.status).toBe(303);
  return sessionOfAnswer(platform, answer);
}

const jsonHeaders = (body: unknown): Record<string, string> =>
  body === undefined ? {} : { 'content-type': 'application/json' };

export const asStaff = (
  platform: TestPlatform,
  session: StaffSession,
  method: string,
  path: string,
  body?: unknown,
  extra: object = {},
) =>
  fetch(`${platform.url}${path}`, {
    method,
    headers: { cookie: session.cookie, [CSRF_HEADER]: session.csrf, ...jsonHeaders(body), ...extra },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

export const asKey = (platform: TestPlatform, key: string, method: string, path: string, body?: unknown) =>
  fetch(`${platform.url}${path}`, {
    method,
    headers: { authorization: key, ...jsonHeaders(body) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** A staff member of `role`, invited as `email` and signed in through the invitation's link. */
export async function signedInStaff(
  platform: TestPlatform,
  email: string,
  role: string,
): Promise<StaffSession> {
  const { inviteUrl } = await invite(platform, email, role);
  return sessionFrom(platform, inviteUrl);
}

/** A new one-time sign-in link of the owner, as a start prints one. */
export async function newOwnerLink(platform: TestPlatform): Promise<string> {
  return signInUrl({ publicUrl: platform.url }, (await ownerSignInLink(platform.db)).token);
}

/** Invites `email` with `role` (with the platform's API key): the account's id and its link. */
export async function invite(
  platform: TestPlatform,
  email: string,
  role: string,
): Promise<{ id: string; inviteUrl: string }> {
  const answer = await asKey(platform, platform.apiKey, 'POST', `${ADMIN_PREFIX}/v1/staff`, { email, role });
  expect(answer.status).toBe(200);
  const body = (await answer.json()) as { staff: { id: string; status: string }; inviteUrl: string };
  expect(body.staff.status).toBe('INVITED');
  return { id: body.staff.id, inviteUrl: body.inviteUrl };
}
