/**
 * `@atrium/sdk/identity`: the identity services with the names and signatures of `@wix/identity`
 * (wire.md §5.2). Bind them to a client (`createClient({ modules: { authentication } })`) or call
 * them through the context client.
 */
export { authentication } from './authentication.js';
export {
  AddressTag,
  DeliveryMethod,
  EmailTag,
  FactorStatus,
  FactorType,
  MfaReason,
  PhoneTag,
  PrivacyStatus,
  Reason,
  StateType,
  Status,
  StatusName,
  Target,
  TenantType,
  V1Reason,
} from './enums.js';
export { recovery } from './recovery.js';
export type * from './types.js';
export { verification } from './verification.js';
