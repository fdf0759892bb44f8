import { enumOf } from '../../client/enum-of.js';

/**
 * The enumerations `@wix/identity` exports, as plain const objects: `StateType.SUCCESS` works as in
 * the reference, and each name is also the union type of its values (docs/wire.md §12).
 */

/** REQUIRE_MFA: in the reference's runtime, not its typings; a second factor is needed (`verify`). */
export const StateType = enumOf(
  'UNKNOWN_STATE',
  'SUCCESS',
  'REQUIRE_OWNER_APPROVAL',
  'REQUIRE_EMAIL_VERIFICATION',
  'STATUS_CHECK',
  'REQUIRE_MISSING_FIELDS',
  'REQUIRE_MFA',
);
export type StateType = (typeof StateType)[keyof typeof StateType];

export const StatusName = enumOf('UNKNOWN_STATUS', 'PENDING', 'ACTIVE', 'DELETED', 'BLOCKED', 'OFFLINE');
export type StatusName = (typeof StatusName)[keyof typeof StatusName];

/** Why an identity is pending (`identity.status.reasons`); `V1Reason` in the reference's authentication module. */
export const V1Reason = enumOf(
  'UNKNOWN_REASON',
  'PENDING_ADMIN_APPROVAL_REQUIRED',
  'PENDING_EMAIL_VERIFICATION_REQUIRED',
  'PENDING_REQUIRED_FIELDS_MISSING',
);
export type V1Reason = (typeof V1Reason)[keyof typeof V1Reason];

/** E-mail validation failure reasons (`validateEmail`); the recovery and verification modules name V1Reason `Reason`. */
export const Reason = enumOf(
  'UNKNOWN_REASON',
  'EMAIL_ADDRESS_BOUNCED',
  'EMAIL_DOMAIN_MISSING_DNS_RECORDS',
  'EMAIL_DOMAIN_FORMAT_INVALID',
  'EMAIL_DOMAIN_PERMANENTLY_BLACKLISTED',
);
export type Reason = (typeof Reason)[keyof typeof Reason];

export const FactorType = enumOf(
  'PASSWORD',
  'SMS',
  'CALL',
  'EMAIL',
  'TOTP',
  'PUSH',
  'WEBAUTHN',
  'RECOVERY_CODE',
);
export type FactorType = (typeof FactorType)[keyof typeof FactorType];

export const FactorStatus = enumOf(
  'ENABLED',
  'REQUIRE_ACTIVATION',
  'REQUIRE_REENROLL',
  'ENABLED_BY_RULE',
  'DISABLED_BY_RULE',
);
export type FactorStatus = (typeof FactorStatus)[keyof typeof FactorStatus];

/** Status of one of an identity's factors (`identity.factors[].status`). */
export const Status = enumOf('INACTIVE', 'ACTIVE', 'REQUIRE_REENROLL');
export type Status = (typeof Status)[keyof typeof Status];

export const MfaReason = enumOf('USER_SETTINGS', 'HIGH_RISK_LOGIN');
export type MfaReason = (typeof MfaReason)[keyof typeof MfaReason];

export const PrivacyStatus = enumOf('UNDEFINED', 'PUBLIC', 'PRIVATE');
export type PrivacyStatus = (typeof PrivacyStatus)[keyof typeof PrivacyStatus];

export const EmailTag = enumOf('UNTAGGED', 'MAIN', 'HOME', 'WORK');
export type EmailTag = (typeof EmailTag)[keyof typeof EmailTag];

export const PhoneTag = enumOf('UNTAGGED', 'MAIN', 'HOME', 'MOBILE', 'WORK', 'FAX');
export type PhoneTag = (typeof PhoneTag)[keyof typeof PhoneTag];

export const AddressTag = enumOf('UNTAGGED', 'HOME', 'WORK', 'BILLING', 'SHIPPING');
export type AddressTag = (typeof AddressTag)[keyof typeof AddressTag];

export const TenantType = enumOf('UNKNOWN_TENANT_TYPE', 'ACCOUNT', 'SITE');
export type TenantType = (typeof TenantType)[keyof typeof TenantType];

export const DeliveryMethod = enumOf('SMS', 'WHATSAPP');
export type DeliveryMethod = (typeof DeliveryMethod)[keyof typeof DeliveryMethod];

/** Verification targets (`verification.start`). */
export const Target = enumOf('EMAIL');
export type Target = (typeof Target)[keyof typeof Target];
