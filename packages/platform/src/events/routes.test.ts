import { describe, expect, it } from 'vitest';
import { identityKitPerFile, PASSWORD, uniqueEmail } from '../services/identity/test-kit.js';

// The webhook admin API is the site owner's: API key callers only.

const kit = identityKitPerFile({ registration: 'open' });

const ADMIN = '/_api/atrium-admin';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const ROUTES: [method: string, path: string, body?: unknown][] = [
  ['GET', '/v1/webhooks'],
  ['POST', '/v1/webhooks', { url: 'https://example.com/hook' }],
  ['DELETE', `/v1/webhooks/${UNKNOWN_ID}`],
  ['POST', `/v1/webhooks/${UNKNOWN_ID}/test`, { eventType: 'wix.blog.v3.post_created' }],
  ['GET', '/v1/webhook-deliveries'],
  ['POST', `/v1/webhook-deliveries/${UNKNOWN_ID}/retry`, {}],
  ['GET', '/v1/webhook-public-key'],
];

describe('the webhook admin API', () => {
  it('refuses anonymous callers, visitors and members', async () => {
    const email = uniqueEmail('webhook-member');
    expect((await kit.register(email)).body.state).toBe('SUCCESS');
    const login = await kit.login(email, PASSWORD);
    const member = await kit.memberToken(login.body.sessionToken);
    const visitor = await kit.visitorToken();
    for (const [method, path, body] of ROUTES) {
      const anonymous = await kit.call(method, `${ADMIN}${path}`, body);
      expect([401, 403], `${method} ${path} anonymous`).toContain(anonymous.status);
      for (const [who, token] of [
        ['visitor', visitor],
        ['member', member],
      ] as const) {
        const answer = await kit.call(method, `${ADMIN}${path}`, body, token);
        expect(answer.status, `${method} ${path} as ${who}`).toBe(403);
        expect(answer.body.details.applicationError.code).toBe('PERMISSION_DENIED');
      }
    }
    // Nothing was created by the refused calls.
    expect((await kit.admin('GET', '/v1/webhooks')).body.webhooks).toEqual([]);
  });

  it('answers the site (API key)', async () => {
    for (const [method, path, body] of ROUTES) {
      const answer = await kit.admin(method, path, body);
      expect(answer.status, `${method} ${path}`).toBe(path.includes(UNKNOWN_ID) ? 404 : 200);
    }
  });
});
