/** Answers of the member's own account routes (routes/account.ts). */

export interface AccountFactor {
  readonly factorType: 'TOTP' | 'EMAIL';
  readonly enabled: boolean;
}

export interface AccountSecurity {
  /** The second factors this platform offers a member, with whether each is on. */
  readonly factors: readonly AccountFactor[];
  /** A login e-mail change waiting for its code, if any. */
  readonly pendingLoginEmail?: string;
}

export interface StartLoginEmailChangeResponse {
  readonly pendingEmail: string;
}

export interface ConfirmLoginEmailChangeResponse {
  readonly loginEmail: string;
}

export interface StartTotpResponse {
  /** Base32, for typing into an authenticator app. */
  readonly secret: string;
  /** `otpauth://totp/…`, for a QR code or a link. */
  readonly otpauthUri: string;
}
