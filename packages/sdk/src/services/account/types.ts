export type {
  AccountFactor,
  AccountSecurity,
  ConfirmLoginEmailChangeResponse,
  StartLoginEmailChangeResponse,
  StartTotpResponse,
} from '@atrium/contract/types';

/** One proof is enough: a current code from the authenticator app, or the account's password. */
export interface DisableTotpOptions {
  code?: string;
  password?: string;
}

export interface TotpStatus {
  factorType: 'TOTP';
  enabled: boolean;
}
