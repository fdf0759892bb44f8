/**
 * The enumerations `@wix/identity` exports, as plain const objects: `StateType.SUCCESS` works as in
 * the reference, and each name is also the union type of its values (wire.md §12).
 */

export const StateType = {
  UNKNOWN_STATE: 'UNKNOWN_STATE',
  SUCCESS: 'SUCCESS',
  REQUIRE_OWNER_APPROVAL: 'REQUIRE_OWNER_APPROVAL',
  REQUIRE_EMAIL_VERIFICATION: 'REQUIRE_EMAIL_VERIFICATION',
  STATUS_CHECK: 'STATUS_CHECK',
  REQUIRE_MISSING_FIELDS: 'REQUIRE_MISSING_FIELDS',
  /** In the reference's runtime, not its typings: a second factor is needed (see `authentication.verify`). */
  REQUIRE_MFA: 'REQUIRE_MFA',
} as const;
export type StateType = (typeof StateType)[keyof typeof StateType];

export const StatusName = {
  UNKNOWN_STATUS: 'UNKNOWN_STATUS',
  PENDING: 'PENDING',
  ACTIVE: 'ACTIVE',
  DELETED: 'DELETED',
  BLOCKED: 'BLOCKED',
  OFFLINE: 'OFFLINE',
} as const;
export type StatusName = (typeof StatusName)[keyof typeof StatusName];

/** Why an identity is pending (`identity.status.reasons`); `V1Reason` in the reference's authentication module. */
export const V1Reason = {
  UNKNOWN_REASON: 'UNKNOWN_REASON',
  PENDING_ADMIN_APPROVAL_REQUIRED: 'PENDING_ADMIN_APPROVAL_REQUIRED',
  PENDING_EMAIL_VERIFICATION_REQUIRED: 'PENDING_EMAIL_VERIFICATION_REQUIRED',
  PENDING_REQUIRED_FIELDS_MISSING: 'PENDING_REQUIRED_FIELDS_MISSING',
} as const;
export type V1Reason = (typeof V1Reason)[keyof typeof V1Reason];

/** E-mail validation failure reasons (`validateEmail`); the recovery and verification modules name V1Reason `Reason`. */
export const Reason = {
  UNKNOWN_REASON: 'UNKNOWN_REASON',
  EMAIL_ADDRESS_BOUNCED: 'EMAIL_ADDRESS_BOUNCED',
  EMAIL_DOMAIN_MISSING_DNS_RECORDS: 'EMAIL_DOMAIN_MISSING_DNS_RECORDS',
  EMAIL_DOMAIN_FORMAT_INVALID: 'EMAIL_DOMAIN_FORMAT_INVALID',
  EMAIL_DOMAIN_PERMANENTLY_BLACKLISTED: 'EMAIL_DOMAIN_PERMANENTLY_BLACKLISTED',
} as const;
export type Reason = (typeof Reason)[keyof typeof Reason];

export const FactorType = {
  PASSWORD: 'PASSWORD',
  SMS: 'SMS',
  CALL: 'CALL',
  EMAIL: 'EMAIL',
  TOTP: 'TOTP',
  PUSH: 'PUSH',
  WEBAUTHN: 'WEBAUTHN',
  RECOVERY_CODE: 'RECOVERY_CODE',
} as const;
export type FactorType = (typeof FactorType)[keyof typeof FactorType];

export const FactorStatus = {
  ENABLED: 'ENABLED',
  REQUIRE_ACTIVATION: 'REQUIRE_ACTIVATION',
  REQUIRE_REENROLL: 'REQUIRE_REENROLL',
  ENABLED_BY_RULE: 'ENABLED_BY_RULE',
  DISABLED_BY_RULE: 'DISABLED_BY_RULE',
} as const;
export type FactorStatus = (typeof FactorStatus)[keyof typeof FactorStatus];

/** Status of one of an identity's factors (`identity.factors[].status`). */
export const Status = {
  INACTIVE: 'INACTIVE',
  ACTIVE: 'ACTIVE',
  REQUIRE_REENROLL: 'REQUIRE_REENROLL',
} as const;
export type Status = (typeof Status)[keyof typeof Status];

export const MfaReason = { USER_SETTINGS: 'USER_SETTINGS', HIGH_RISK_LOGIN: 'HIGH_RISK_LOGIN' } as const;
export type MfaReason = (typeof MfaReason)[keyof typeof MfaReason];

export const PrivacyStatus = { UNDEFINED: 'UNDEFINED', PUBLIC: 'PUBLIC', PRIVATE: 'PRIVATE' } as const;
export type PrivacyStatus = (typeof PrivacyStatus)[keyof typeof PrivacyStatus];

export const EmailTag = { UNTAGGED: 'UNTAGGED', MAIN: 'MAIN', HOME: 'HOME', WORK: 'WORK' } as const;
export type EmailTag = (typeof EmailTag)[keyof typeof EmailTag];

export const PhoneTag = {
  UNTAGGED: 'UNTAGGED',
  MAIN: 'MAIN',
  HOME: 'HOME',
  MOBILE: 'MOBILE',
  WORK: 'WORK',
  FAX: 'FAX',
} as const;
export type PhoneTag = (typeof PhoneTag)[keyof typeof PhoneTag];

export const AddressTag = {
  UNTAGGED: 'UNTAGGED',
  HOME: 'HOME',
  WORK: 'WORK',
  BILLING: 'BILLING',
  SHIPPING: 'SHIPPING',
} as const;
export type AddressTag = (typeof AddressTag)[keyof typeof AddressTag];

export const TenantType = {
  UNKNOWN_TENANT_TYPE: 'UNKNOWN_TENANT_TYPE',
  ACCOUNT: 'ACCOUNT',
  SITE: 'SITE',
} as const;
export type TenantType = (typeof TenantType)[keyof typeof TenantType];

export const DeliveryMethod = { SMS: 'SMS', WHATSAPP: 'WHATSAPP' } as const;
export type DeliveryMethod = (typeof DeliveryMethod)[keyof typeof DeliveryMethod];

/** Verification targets (`verification.start`). */
export const Target = { EMAIL: 'EMAIL' } as const;
export type Target = (typeof Target)[keyof typeof Target];
