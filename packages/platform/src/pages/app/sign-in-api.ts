import {
  AUTHENTICATION_ROUTES,
  HOSTED_ROUTES,
  RECOVERY_ROUTES,
  SERVICE_PREFIXES,
  VERIFICATION_ROUTES,
} from '@atrium/contract/routes';
import type { HostedAuthorizeResponse, StateMachineResponse } from '@atrium/contract/types';
import { fillPath, requestJson } from './kit/index.js';

/** The identity calls the hosted login page makes (same origin, no token: the member is logging in). */

const authentication = (path: string) => SERVICE_PREFIXES.authentication.wire + path;
const verification = (path: string) => SERVICE_PREFIXES.verification.wire + path;

/** Logging in and signing up take the same body: the e-mail, the password, a captcha when asked. */
const withCredentials = (route: string) => (email: string, password: string, captchaToken?: string) =>
  requestJson<StateMachineResponse>(authentication(route), {
    body: {
      loginId: { email },
      password,
      ...(captchaToken ? { captchaTokens: [{ Recaptcha: captchaToken }] } : {}),
    },
  });

export const logIn = withCredentials(AUTHENTICATION_ROUTES.login);

/** Signs up; the new member's flow continues as a login (an e-mail code, the owner's approval). */
export const registerMember = withCredentials(AUTHENTICATION_ROUTES.register);

/** The reset mail, with no redirect: its link opens the hosted reset page. */
export const sendResetMail = (email: string) =>
  requestJson<unknown>(SERVICE_PREFIXES.recovery.wire + RECOVERY_ROUTES.sendRecoveryEmail, {
    body: { email },
  });

export const verifyEmailCode = (stateToken: string, code: string) =>
  requestJson<StateMachineResponse>(verification(VERIFICATION_ROUTES.verifyDuringAuthentication), {
    body: { code, stateToken },
  });

export const resendEmailCode = (stateToken: string) =>
  requestJson<unknown>(verification(VERIFICATION_ROUTES.resendDuringAuthentication), {
    body: { stateToken },
  });

/** The second factor of a REQUIRE_MFA state: TOTP reads totpData, EMAIL emailData. */
export const verifyFactor = (factorType: string, stateToken: string, code: string) =>
  requestJson<StateMachineResponse>(
    authentication(fillPath(AUTHENTICATION_ROUTES.verifyFactor, { factorType })),
    { body: { stateToken, [factorType === 'TOTP' ? 'totpData' : 'emailData']: { code } } },
  );

/** Hands the session token of a completed login to the redirect session. */
export const authorizeSession = (sessionId: string, sessionToken: string) =>
  requestJson<HostedAuthorizeResponse>(fillPath(HOSTED_ROUTES.api.authorize, { id: sessionId }), {
    body: { sessionToken },
  });

/**
 * Sends an authorization response to the window that opened this page or framed it, and only to
 * the origin the platform decided when the session was created.
 */
export function postWebMessage(webMessage: NonNullable<HostedAuthorizeResponse['webMessage']>): boolean {
  let sent = false;
  if (window.opener) {
    (window.opener as Window).postMessage(webMessage.data, webMessage.targetOrigin);
    sent = true;
  }
  if (window.parent !== window) {
    window.parent.postMessage(webMessage.data, webMessage.targetOrigin);
    sent = true;
  }
  return sent;
}
