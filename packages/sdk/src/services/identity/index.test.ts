import { describe, expect, it } from 'vitest';
import { OAuthStrategy } from '../../auth/oauth-strategy.js';
import { testTokens } from '../../testing/fake-fetch.js';
import { serviceClient } from '../../testing/service-client.js';
import { authentication, FactorType, recovery, StateType, StatusName, verification } from './index.js';

/** Every identity module call against the rows of docs/wire.md §5.2: method, path, query, body. */
const identityClient = (answer: unknown = {}) =>
  serviceClient(
    { authentication, recovery, verification },
    () => answer,
    OAuthStrategy({ clientId: 'cid', tokens: testTokens() }),
  );

const EDGE = 'https://edge.wixapis.com';

describe('identity module requests (docs/wire.md §5.2)', () => {
  it.each<
    [string, (c: ReturnType<typeof identityClient>['client']) => Promise<unknown>, string, string, unknown]
  >([
    [
      'registerV2',
      (c) =>
        c.authentication.registerV2(
          { email: 'a@b.c' },
          { password: 'pw', captchaTokens: [{ Recaptcha: 'r' }], clientMetaData: { k: 'v' } },
        ),
      'POST',
      '/_api/iam/authentication/v2/register',
      {
        loginId: { email: 'a@b.c' },
        password: 'pw',
        captchaTokens: [{ Recaptcha: 'r' }],
        clientMetaData: { k: 'v' },
      },
    ],
    [
      'loginV2',
      (c) => c.authentication.loginV2({ email: 'a@b.c' }, { password: 'pw', stateToken: 'st' }),
      'POST',
      '/_api/iam/authentication/v2/login',
      { loginId: { email: 'a@b.c' }, password: 'pw', stateToken: 'st' },
    ],
    [
      'validateEmail',
      (c) => c.authentication.validateEmail('a@b.c'),
      'POST',
      '/_api/iam/authentication/v2/validate-email',
      { email: 'a@b.c' },
    ],
    [
      'changePassword',
      (c) => c.authentication.changePassword('new-pw'),
      'POST',
      '/_api/iam/authentication/v2/change-password',
      { newPassword: 'new-pw' },
    ],
    [
      'signOn',
      (c) => c.authentication.signOn({ email: 'a@b.c' }, { verifyEmail: true, mergeExistingContact: false }),
      'POST',
      '/_api/iam/authentication/v2/sign-on',
      { loginId: { email: 'a@b.c' }, verifyEmail: true, mergeExistingContact: false },
    ],
    [
      'verify (factor)',
      (c) =>
        c.authentication.verify('TOTP', 'mfa-state', {
          totpData: { code: '123456' },
          rememberThisDevice: true,
        }),
      'POST',
      '/_api/iam/authentication/v2/TOTP/verify',
      { stateToken: 'mfa-state', factorType: 'TOTP', totpData: { code: '123456' }, rememberThisDevice: true },
    ],
    [
      'start',
      (c) => c.verification.start({ identityId: 'i1', target: 'EMAIL' }),
      'POST',
      '/_api/iam/verification/v1/start',
      { identityId: 'i1', target: 'EMAIL' },
    ],
    [
      'verifyDuringAuthentication',
      (c) => c.verification.verifyDuringAuthentication('123456', { stateToken: 'st' }),
      'POST',
      '/_api/iam/verification/v1/auth/verify',
      { code: '123456', stateToken: 'st' },
    ],
    [
      'resendDuringAuthentication',
      (c) => c.verification.resendDuringAuthentication('st'),
      'POST',
      '/_api/iam/verification/v1/auth/resend',
      { stateToken: 'st' },
    ],
    [
      'sendRecoveryEmail',
      (c) =>
        c.recovery.sendRecoveryEmail('a@b.c', {
          language: 'en',
          redirect: { url: 'https://s/r', clientId: 'cid' },
        }),
      'POST',
      '/_api/iam/recovery/v1/send-email',
      { email: 'a@b.c', language: 'en', redirect: { url: 'https://s/r', clientId: 'cid' } },
    ],
    [
      'sendActivationEmail',
      (c) =>
        c.recovery.sendActivationEmail('i1', {
          emailOptions: { language: 'en', redirect: { url: 'u', clientId: 'c' } },
        }),
      'POST',
      '/_api/iam/recovery/v1/activation-email',
      { identityId: 'i1', emailOptions: { language: 'en', redirect: { url: 'u', clientId: 'c' } } },
    ],
    [
      'recover',
      (c) => c.recovery.recover('rt', { password: 'new' }),
      'POST',
      '/_api/iam/recovery/v1/recover',
      { recoveryToken: 'rt', password: 'new' },
    ],
  ])('%s', async (_name, call, method, path, body) => {
    const { client, last } = identityClient();
    await call(client);
    const request = last();
    expect(`${request.method} ${request.url.origin}${request.url.pathname}${request.url.search}`).toBe(
      `${method} ${EDGE}${path}`,
    );
    expect(request.body).toEqual(body);
    expect(request.headers.get('content-type')).toBe('application/json');
    expect(request.headers.get('authorization')).toBe('stored-access');
    expect(request.headers.get('x-wix-bi-gateway')).toMatch(
      /^environment=js-sdk,package-name=@atrium\/sdk\/identity,method-fqn=wix\.iam\./,
    );
  });

  it('logout: GET with the query parameters that are given, no body', async () => {
    const { client, last } = identityClient({ body: '', headers: [] });
    await client.authentication.logout({ postLogoutRedirectUri: 'https://s.example/after', clientId: 'cid' });
    expect(`${last().method} ${last().url.pathname}${last().url.search}`).toBe(
      'GET /_api/iam/authentication/v1/logout?postLogoutRedirectUri=https%3A%2F%2Fs.example%2Fafter&clientId=cid',
    );
    expect(last().body).toBeUndefined();
    expect(last().headers.get('content-type')).toBeNull();
    await client.authentication.logout();
    expect(last().url.search).toBe('');
  });

  it('returns nothing for the operations that answer {}', async () => {
    const { client } = identityClient({});
    expect(await client.authentication.changePassword('x')).toBeUndefined();
    expect(await client.recovery.sendRecoveryEmail('a@b.c')).toBeUndefined();
    expect(await client.recovery.sendActivationEmail('i')).toBeUndefined();
  });
});

const wireIdentity = {
  id: 'i1',
  revision: '1',
  createdDate: '2024-05-01T10:00:00.000Z',
  updatedDate: '2024-05-02T10:00:00.000Z',
  identityProfile: {
    nickname: 'n',
    addresses: [
      {
        tag: 'HOME',
        address: {
          formattedAddress: '1 Main St',
          geocode: { latitude: 1, longitude: 2 },
          addressLine: '1 Main St',
          city: 'X',
        },
      },
    ],
    customFields: [
      { name: 'born', value: { dateValue: '2000-01-01T00:00:00.000Z' } },
      { name: 'score', value: { numValue: 'NaN' } },
      { name: 'list', value: { listValue: { value: [{ dateValue: '2001-01-01T00:00:00.000Z' }] } } },
    ],
  },
  email: { address: 'a@b.c', isVerified: true },
  status: { name: 'ACTIVE', reasons: [] },
  factors: [],
};

describe('identity transformations (docs/wire.md §1.7, §5.2)', () => {
  it('state machine responses: _id, Dates, addresses and custom values', async () => {
    const { client } = identityClient({
      state: 'SUCCESS',
      sessionToken: 'st',
      identity: wireIdentity,
      additionalData: { joined: { dateValue: '2024-01-01T00:00:00.000Z' } },
    });
    const result = await client.authentication.loginV2({ email: 'a@b.c' }, { password: 'pw' });
    expect(result.state).toBe('SUCCESS');
    expect(result.identity?._id).toBe('i1');
    expect(result.identity?._createdDate).toEqual(new Date('2024-05-01T10:00:00.000Z'));
    expect(result.identity?._updatedDate).toEqual(new Date('2024-05-02T10:00:00.000Z'));
    expect(result.identity?.identityProfile?.addresses).toEqual([
      {
        tag: 'HOME',
        address: {
          formatted: '1 Main St',
          location: { latitude: 1, longitude: 2 },
          addressLine1: '1 Main St',
          city: 'X',
        },
      },
    ]);
    const fields = result.identity?.identityProfile?.customFields;
    expect(fields?.[0]?.value?.dateValue).toEqual(new Date('2000-01-01T00:00:00.000Z'));
    expect(fields?.[1]?.value?.numValue).toBeNaN();
    expect(fields?.[2]?.value?.listValue?.value?.[0]?.dateValue).toEqual(
      new Date('2001-01-01T00:00:00.000Z'),
    );
    expect(result.additionalData?.joined?.dateValue).toEqual(new Date('2024-01-01T00:00:00.000Z'));
  });

  it('request profiles: Dates to ISO, SDK address names to wire names, _id to id', async () => {
    const { client, last } = identityClient({ state: 'SUCCESS' });
    await client.authentication.registerV2(
      { email: 'a@b.c' },
      {
        password: 'pw',
        profile: {
          customFields: [
            { name: 'born', value: { dateValue: new Date('2000-01-01T00:00:00.000Z') } },
            { name: 'inf', value: { numValue: Number.POSITIVE_INFINITY } },
          ],
          addresses: [
            {
              address: { formatted: 'F', location: { latitude: 1 }, addressLine1: 'L1', addressLine2: 'L2' },
            },
          ],
        },
      },
    );
    expect((last().body as { profile: unknown }).profile).toEqual({
      customFields: [
        { name: 'born', value: { dateValue: '2000-01-01T00:00:00.000Z' } },
        { name: 'inf', value: { numValue: 'Infinity' } },
      ],
      addresses: [
        {
          address: { formattedAddress: 'F', geocode: { latitude: 1 }, addressLine: 'L1', addressLine2: 'L2' },
        },
      ],
    });
  });

  it('sign-on: the identity is transformed too', async () => {
    const { client } = identityClient({ sessionToken: 's', identity: wireIdentity });
    const result = await client.authentication.signOn({ email: 'a@b.c' });
    expect(result.sessionToken).toBe('s');
    expect(result.identity?._id).toBe('i1');
    expect(result.identity?._createdDate).toBeInstanceOf(Date);
  });

  it('logout: the base64 body becomes bytes', async () => {
    const { client } = identityClient({
      body: 'aGVsbG8=',
      statusCode: 302,
      headers: [{ key: 'Location', value: '/x' }],
    });
    const result = await client.authentication.logout({});
    expect(result.body).toEqual(new TextEncoder().encode('hello'));
    expect(result.statusCode).toBe(302);
    expect(result.headers).toEqual([{ key: 'Location', value: '/x' }]);
  });

  it('validate e-mail and start answer whole', async () => {
    const { client } = identityClient({
      valid: false,
      formatInvalid: true,
      failure: { reason: 'EMAIL_DOMAIN_FORMAT_INVALID' },
    });
    expect(await client.authentication.validateEmail('x')).toEqual({
      valid: false,
      formatInvalid: true,
      failure: { reason: 'EMAIL_DOMAIN_FORMAT_INVALID' },
    });
  });
});

describe('identity enums', () => {
  it('exports the reference enums as values, on the modules and at the top level', () => {
    expect(StateType.REQUIRE_EMAIL_VERIFICATION).toBe('REQUIRE_EMAIL_VERIFICATION');
    expect(authentication.StateType.SUCCESS).toBe('SUCCESS');
    expect(Object.values(StatusName)).toEqual([
      'UNKNOWN_STATUS',
      'PENDING',
      'ACTIVE',
      'DELETED',
      'BLOCKED',
      'OFFLINE',
    ]);
    expect(Object.values(FactorType)).toEqual([
      'PASSWORD',
      'SMS',
      'CALL',
      'EMAIL',
      'TOTP',
      'PUSH',
      'WEBAUTHN',
      'RECOVERY_CODE',
    ]);
    expect(Object.values(authentication.FactorStatus)).toEqual([
      'ENABLED',
      'REQUIRE_ACTIVATION',
      'REQUIRE_REENROLL',
      'ENABLED_BY_RULE',
      'DISABLED_BY_RULE',
    ]);
    expect(verification.Target.EMAIL).toBe('EMAIL');
    expect(recovery.Reason.PENDING_ADMIN_APPROVAL_REQUIRED).toBe('PENDING_ADMIN_APPROVAL_REQUIRED');
    const { client } = identityClient();
    expect(client.authentication.MfaReason.HIGH_RISK_LOGIN).toBe('HIGH_RISK_LOGIN');
  });
});
