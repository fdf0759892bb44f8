import { describe, expect, it } from 'vitest';
import { serviceClient } from '../../testing/service-client.js';
import { members } from '../members/index.js';
import { account } from './index.js';

/**
 * Every `account` call offline (Atrium's own routes under /_api/atrium-account: no reference
 * function), and the reference's `members.deleteMyMember`: method, path, query and body as sent, and
 * the answer as callers get it.
 */
const accountClient = (answer: unknown = {}) => serviceClient({ account, members }, () => answer);

describe('account requests', () => {
  it('getMySecurity: GET …/v1/security, the answer as sent', async () => {
    const security = {
      factors: [{ factorType: 'TOTP', enabled: true }],
      pendingLoginEmail: 'new@example.com',
    };
    const { client, sent } = accountClient(security);
    expect(await client.account.getMySecurity()).toEqual(security);
    expect(sent()).toEqual({
      method: 'GET',
      path: '/_api/atrium-account/v1/security',
      query: '',
      body: undefined,
    });
  });

  it('changeMyPassword: POST { currentPassword, newPassword }, resolves to nothing', async () => {
    const { client, sent } = accountClient({});
    expect(await client.account.changeMyPassword('old secret', 'new secret')).toBeUndefined();
    expect(sent()).toEqual({
      method: 'POST',
      path: '/_api/atrium-account/v1/password',
      query: '',
      body: { currentPassword: 'old secret', newPassword: 'new secret' },
    });
  });

  it('startLoginEmailChange and confirmLoginEmailChange: the address, then the mailed code', async () => {
    const { client, sent } = accountClient({ pendingEmail: 'new@example.com' });
    expect(await client.account.startLoginEmailChange('New@Example.com')).toEqual({
      pendingEmail: 'new@example.com',
    });
    expect(sent()).toMatchObject({
      method: 'POST',
      path: '/_api/atrium-account/v1/login-email',
      body: { newEmail: 'New@Example.com' },
    });
    await client.account.confirmLoginEmailChange('123456');
    expect(sent()).toMatchObject({
      method: 'POST',
      path: '/_api/atrium-account/v1/login-email/confirm',
      body: { code: '123456' },
    });
  });

  it('the authenticator app: start (an empty body), confirm with a code, disable with a code or the password', async () => {
    const { client, sent } = accountClient({ secret: 'ABC', otpauthUri: 'otpauth://totp/x' });
    expect(await client.account.startTotpEnrollment()).toEqual({
      secret: 'ABC',
      otpauthUri: 'otpauth://totp/x',
    });
    expect(sent()).toEqual({
      method: 'POST',
      path: '/_api/atrium-account/v1/factors/totp',
      query: '',
      body: {},
    });
    await client.account.confirmTotpEnrollment('654321');
    expect(sent()).toMatchObject({
      path: '/_api/atrium-account/v1/factors/totp/confirm',
      body: { code: '654321' },
    });
    await client.account.disableTotp({ password: 'secret' });
    expect(sent()).toMatchObject({
      path: '/_api/atrium-account/v1/factors/totp/disable',
      body: { password: 'secret' },
    });
    await client.account.disableTotp({ code: '111222' });
    expect(sent()).toMatchObject({ body: { code: '111222' } });
  });
});

describe('members.deleteMyMember (the reference: DELETE /members/v1/members/my)', () => {
  it('sends no body; contentAssigneeId, when given, in the query', async () => {
    const { client, sent } = accountClient({});
    expect(await client.members.deleteMyMember()).toEqual({});
    expect(sent()).toEqual({ method: 'DELETE', path: '/members/v1/members/my', query: '', body: undefined });
    await client.members.deleteMyMember({ contentAssigneeId: 'm2' });
    expect(sent()).toMatchObject({ method: 'DELETE', query: '?contentAssigneeId=m2', body: undefined });
  });
});
