import type * as Wire from '@atrium/contract/types';
import type {
  AddressTag,
  EmailTag,
  FactorStatus,
  FactorType,
  MfaReason,
  PhoneTag,
  PrivacyStatus,
  StateType,
  StatusName,
  V1Reason,
} from './enums.js';

/**
 * The identity modules' caller-facing shapes: the wire types of the contract after the
 * transformations of docs/wire.md §1.7 (`_id`, Dates, address field names, bytes).
 */

export interface LoginId {
  email?: string;
}

/** A physical address as callers see it; the wire names three fields differently (docs/wire.md §1.7.8). */
export interface Address {
  country?: string | null;
  subdivision?: string | null;
  city?: string | null;
  postalCode?: string | null;
  /** Wire name `addressLine`. */
  addressLine1?: string | null;
  addressLine2?: string | null;
  /** Wire name `formattedAddress`. */
  formatted?: string | null;
  /** Wire name `geocode`. */
  location?: { latitude?: number | null; longitude?: number | null } | null;
}

export interface AddressWrapper {
  address?: Address;
  tag?: AddressTag;
}

export interface CustomValue {
  strValue?: string;
  numValue?: number;
  /** An ISO string on the wire. */
  dateValue?: Date;
  boolValue?: boolean;
  listValue?: { value?: CustomValue[] };
  mapValue?: { value?: Record<string, CustomValue> };
}

export interface CustomField {
  name?: string;
  value?: CustomValue;
}

export interface SecondaryEmail {
  email?: string;
  tag?: EmailTag;
}

export interface Phone {
  countryCode?: string;
  phone?: string;
  tag?: PhoneTag;
}

export interface IdentityProfile {
  firstName?: string | null;
  lastName?: string | null;
  nickname?: string | null;
  picture?: string | null;
  emails?: string[];
  phones?: string[];
  labels?: string[];
  language?: string | null;
  privacyStatus?: PrivacyStatus;
  customFields?: CustomField[];
  secondaryEmails?: SecondaryEmail[];
  phonesV2?: Phone[];
  addresses?: AddressWrapper[];
  company?: string | null;
  position?: string | null;
  birthdate?: string | null;
}

export interface Factor {
  factorId?: string;
  type?: FactorType;
  status?: 'INACTIVE' | 'ACTIVE' | 'REQUIRE_REENROLL';
}

export interface Identity {
  _id?: string;
  revision?: string;
  _createdDate?: Date;
  _updatedDate?: Date;
  connections?: unknown[];
  identityProfile?: IdentityProfile;
  email?: { address?: string; isVerified?: boolean };
  status?: { name?: StatusName; reasons?: V1Reason[] };
  factors?: Factor[];
}

export interface MfaChallengeData {
  factorType?: FactorType;
  availableFactors?: { factorType?: FactorType; factorStatus?: FactorStatus }[];
  reason?: MfaReason;
  verificationChallengeData?: { hint?: string };
}

/** The answer of every step of the login state machine (docs/wire.md §5.3). */
export interface StateMachineResponse {
  state?: StateType;
  /** Only when `state` is SUCCESS: turns into member tokens (`getMemberTokensForDirectLogin`). */
  sessionToken?: string;
  /** For intermediate states: the input of the next step. */
  stateToken?: string;
  identity?: Identity;
  additionalData?: Record<string, CustomValue>;
  mfaChallengeData?: MfaChallengeData;
}

export type CaptchaToken = Wire.CaptchaToken;

export interface RegisterV2Options {
  password?: string;
  profile?: IdentityProfile;
  captchaTokens?: CaptchaToken[];
  clientMetaData?: Record<string, string>;
}

export interface LoginV2Options {
  password?: string;
  captchaTokens?: CaptchaToken[];
  clientMetaData?: Record<string, string>;
  stateToken?: string;
}

export interface SignOnOptions {
  profile?: IdentityProfile;
  verifyEmail?: boolean;
  mergeExistingContact?: boolean;
}

export interface SignOnResponse {
  sessionToken?: string;
  identity?: Identity;
}

export type ValidateEmailResponse = Wire.ValidateEmailResponse;

export interface LogoutOptions {
  postLogoutRedirectUri?: string;
  clientId?: string;
}

/** The logout answer: a raw HTTP response whose base64 body arrives decoded. */
export interface RawHttpResponse {
  body?: Uint8Array;
  statusCode?: number | null;
  headers?: { key?: string; value?: string }[];
}

/** Factor data of `authentication.verify`: one of the `…Data` fields, matching the factor type. */
export type VerifyOptions = Omit<Wire.VerifyFactorRequest, 'stateToken' | 'factorType'>;

export interface StartOptions {
  identityId?: string;
  target?: 'EMAIL';
}

export type StartResponse = Wire.StartVerificationResponse;

export interface VerifyDuringAuthenticationOptions {
  stateToken: string;
}

export type RecoveryRedirect = Wire.RecoveryRedirect;

export interface SendRecoveryEmailOptions {
  language?: string;
  redirect?: RecoveryRedirect;
}

export interface SendActivationEmailOptions {
  emailOptions?: { language?: string; redirect?: RecoveryRedirect };
}

export interface RecoverOptions {
  password?: string;
}
