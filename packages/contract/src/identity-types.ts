/**
 * Identity wire shapes (docs/wire.md §5, docs/spec.md §3 Identity and Auth response) as plain interfaces;
 * re-exported by `./types.ts`.
 */

export type IdentityStatusName = 'UNKNOWN_STATUS' | 'PENDING' | 'ACTIVE' | 'DELETED' | 'BLOCKED' | 'OFFLINE';
export type IdentityStatusReason =
  | 'UNKNOWN_REASON'
  | 'PENDING_ADMIN_APPROVAL_REQUIRED'
  | 'PENDING_EMAIL_VERIFICATION_REQUIRED'
  | 'PENDING_REQUIRED_FIELDS_MISSING';
/** Server auth states; REQUIRE_MFA is in the reference's runtime enum though not its typings. */
export type StateType =
  | 'UNKNOWN_STATE'
  | 'SUCCESS'
  | 'REQUIRE_OWNER_APPROVAL'
  | 'REQUIRE_EMAIL_VERIFICATION'
  | 'STATUS_CHECK'
  | 'REQUIRE_MISSING_FIELDS'
  | 'REQUIRE_MFA';
export type FactorType =
  | 'PASSWORD'
  | 'SMS'
  | 'CALL'
  | 'EMAIL'
  | 'TOTP'
  | 'PUSH'
  | 'WEBAUTHN'
  | 'RECOVERY_CODE';
export type FactorStatus =
  | 'ENABLED'
  | 'REQUIRE_ACTIVATION'
  | 'REQUIRE_REENROLL'
  | 'ENABLED_BY_RULE'
  | 'DISABLED_BY_RULE';
export type MfaReason = 'USER_SETTINGS' | 'HIGH_RISK_LOGIN';
export type PrivacyStatus = 'UNDEFINED' | 'PUBLIC' | 'PRIVATE';

export interface LoginId {
  email?: string;
}

export interface CustomValue {
  strValue?: string;
  numValue?: number;
  /** ISO-8601 on the wire. */
  dateValue?: string;
  boolValue?: boolean;
  listValue?: { value?: CustomValue[] };
  mapValue?: { value?: Record<string, CustomValue> };
}

export interface IdentityProfile {
  firstName?: string;
  lastName?: string;
  nickname?: string;
  picture?: string;
  emails?: string[];
  phones?: string[];
  labels?: string[];
  language?: string;
  privacyStatus?: PrivacyStatus;
  customFields?: { name?: string; value?: CustomValue }[];
  secondaryEmails?: { email?: string; tag?: 'UNTAGGED' | 'MAIN' | 'HOME' | 'WORK' }[];
  phonesV2?: {
    countryCode?: string;
    phone?: string;
    tag?: 'UNTAGGED' | 'MAIN' | 'HOME' | 'MOBILE' | 'WORK' | 'FAX';
  }[];
  addresses?: {
    address?: {
      country?: string;
      subdivision?: string;
      city?: string;
      postalCode?: string;
      addressLine?: string;
      addressLine2?: string;
      formattedAddress?: string;
    };
    tag?: 'UNTAGGED' | 'HOME' | 'WORK' | 'BILLING' | 'SHIPPING';
  }[];
  company?: string;
  position?: string;
  birthdate?: string;
}

export interface Factor {
  factorId: string;
  type: FactorType;
  status: 'INACTIVE' | 'ACTIVE' | 'REQUIRE_REENROLL';
}

export interface Identity {
  id: string;
  revision: string;
  createdDate: string;
  updatedDate: string;
  connections: unknown[];
  identityProfile: IdentityProfile;
  email: { address: string; isVerified: boolean };
  status: { name: IdentityStatusName; reasons: IdentityStatusReason[] };
  factors: Factor[];
}

export interface MfaChallengeData {
  factorType: FactorType;
  availableFactors: { factorType: FactorType; factorStatus: FactorStatus }[];
  reason: MfaReason;
  verificationChallengeData?: { hint?: string };
}

export interface StateMachineResponse {
  state: StateType;
  sessionToken?: string;
  stateToken?: string;
  identity?: Identity;
  additionalData?: Record<string, CustomValue>;
  mfaChallengeData?: MfaChallengeData;
}

/** `captchaTokens` entries (the reference capitalises the keys). */
export interface CaptchaToken {
  Recaptcha?: string;
  InvisibleRecaptcha?: string;
  NoCaptcha?: string;
}

export interface RegisterRequest {
  loginId: LoginId;
  password?: string;
  profile?: IdentityProfile;
  captchaTokens?: CaptchaToken[];
  clientMetaData?: Record<string, string>;
}

export interface LoginRequest {
  loginId: LoginId;
  password?: string;
  captchaTokens?: CaptchaToken[];
  clientMetaData?: Record<string, string>;
  stateToken?: string;
}

export interface SignOnRequest {
  loginId: LoginId;
  profile?: IdentityProfile;
  verifyEmail?: boolean;
  mergeExistingContact?: boolean;
}

export interface SignOnResponse {
  sessionToken: string;
  identity: Identity;
}

export interface ChangePasswordRequest {
  newPassword: string;
}

export interface ValidateEmailRequest {
  email: string;
}

export interface ValidateEmailResponse {
  valid: boolean;
  formatInvalid: boolean;
  failure?: { reason: string };
}

/** `GET …/v1/logout` answers a raw HTTP response (docs/wire.md §5.2). `body` is base64. */
export interface LogoutResponse {
  body: string;
  statusCode?: number;
  headers: { key: string; value: string }[];
}

export interface VerifyFactorRequest {
  stateToken: string;
  factorType?: FactorType;
  rememberThisDevice?: boolean;
  smsData?: { code?: string; deliveryMethod?: string; templateId?: string };
  callData?: { code?: string };
  emailData?: { code?: string };
  totpData?: { code?: string };
  pushData?: { transactionId?: string };
  webauthnData?: Record<string, unknown>;
  recoveryCodeData?: { code?: string };
  passwordData?: { password?: string };
}

export interface StartVerificationRequest {
  identityId?: string;
  target?: 'EMAIL';
}

export interface StartVerificationResponse {
  verificationId: string;
}

export interface VerifyDuringAuthenticationRequest {
  code: string;
  stateToken: string;
}

export interface ResendDuringAuthenticationRequest {
  stateToken: string;
}

export interface RecoveryRedirect {
  url?: string;
  clientId?: string;
}

export interface SendRecoveryEmailRequest {
  email: string;
  language?: string;
  redirect?: RecoveryRedirect;
}

export interface SendActivationEmailRequest {
  identityId: string;
  emailOptions?: { language?: string; redirect?: RecoveryRedirect };
}

export interface RecoverRequest {
  recoveryToken: string;
  password?: string;
}
