/**
 * The errors the authentication code throws itself, each with a stable, machine-readable `code`
 * beside a message that stays the reference client's wherever it has one. Programs branch on
 * `code`; messages are for people and may be reworded.
 *
 * Not covered here: a platform call that a flow makes (a redirect session for `getAuthUrl` or
 * `logout`, the recovery e-mail of `sendPasswordResetEmail`, sign-on) rejects with that call's
 * `SDKError`, whose `code` is the platform's error code; `login`, `register` and
 * `processVerification` never reject: a failure is a FAILURE state with its `errorCode` (the
 * reference's names, camelCase); `createAuthFlow` turns errors into its snapshot's `errorCode`.
 */
export const AUTH_ERROR_CODES = {
  // The token endpoint (TokenRequestError, which also carries `status` and `requestId`).
  /** The token endpoint could not be reached (`status` undefined) or answered an error status. */
  tokenRequestFailed: 'token_request_failed',
  /** The token endpoint answered 200 without `access_token` and `expires_in`. */
  invalidTokenResponse: 'invalid_token_response',
  /** The anonymous grant answered without a `refresh_token`: no visitor session to keep. */
  missingRefreshToken: 'missing_refresh_token',
  /** `getTokenInfo`: no token to ask about, or the token info endpoint answered an error (TokenInfoError). */
  tokenInfoFailed: 'token_info_failed',

  // The authorization-code flow: getAuthUrl, getMemberTokens, direct login, external login.
  /** The callback has no `code` or no `state` (`getMemberTokens`). */
  missingCodeOrState: 'missing_code_or_state',
  /** The callback's or the direct login answer's `state` is not the one this flow generated. */
  invalidState: 'invalid_state',
  /** The platform's redirect session has no URL to go to (`getAuthUrl`, direct login). */
  invalidRedirectSession: 'invalid_redirect_session',
  /** The platform answered the direct login with an error instead of a code. */
  directLoginFailed: 'direct_login_failed',
  /** The direct login's hidden frame posted no answer in time (`OAUTH_TIMEOUT_MS`). */
  loginTimeout: 'login_timeout',
  /** The session pre-warm's hidden frame failed to load. Logged by `syncToWixPages`, never thrown to it. */
  frameLoadFailed: 'frame_load_failed',
  /** The session pre-warm's hidden frame did not load in time. Logged like `frame_load_failed`. */
  frameLoadTimeout: 'frame_load_timeout',
  /** Sign-on answered without a session token and an identity id (external login with a session). */
  invalidSignOnResponse: 'invalid_sign_on_response',

  // createAuthFlow.
  /** The hosted login page sent the member back with an `error` (`completeRedirect`). */
  authorizationFailed: 'authorization_failed',
  /** `completeRedirect` found no sign-in started in this tab (nothing in the redirect store). */
  noRedirectInProgress: 'no_redirect_in_progress',
  /** `verify`, `resendCode` or `verifyFactor` with no step waiting for a code. */
  noPendingStep: 'no_pending_step',
  /** The second factor cannot be verified with a code. */
  unsupportedFactor: 'unsupported_factor',
  /** The platform answered SUCCESS without a session token. */
  missingSessionToken: 'missing_session_token',

  // Set-up and environment.
  /** `OAuthStrategy` was created without a `clientId`. */
  missingClientId: 'missing_client_id',
  /** `parseFromUrl` was called without a URL where there is no browser location. */
  missingCallbackUrl: 'missing_callback_url',
  /** There is no WebCrypto (`crypto.getRandomValues`) for PKCE and `state`. */
  webcryptoUnavailable: 'webcrypto_unavailable',
  /** `generateCodeVerifier` was asked for a length outside 43–128. */
  invalidVerifierLength: 'invalid_verifier_length',
} as const;

export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[keyof typeof AUTH_ERROR_CODES];

/** An error thrown by the authentication code; see `AUTH_ERROR_CODES` for what each `code` means. */
export class AuthError extends Error {
  override readonly name: string = 'AuthError';
  constructor(
    readonly code: AuthErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
