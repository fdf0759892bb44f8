/**
 * `@atrium/sdk/identity`: the identity services with the names and signatures of `@wix/identity`
 * (docs/wire.md §5.2). Bind them to a client (`createClient({ modules: { authentication } })`) or call
 * them through the context client. Each module carries its enums up front; its operations
 * (./operations/) load on the module's first call, with the member flows (../../on-demand.ts).
 */
import { lazyModule } from '../../client/module-function.js';
import type { AnyOperationDefinition, ModuleDefinition } from '../../client/operation.js';
import * as enums from './enums.js';

export * from './enums.js';
export type * from './types.js';

type OnDemand = typeof import('../../on-demand.js');

/** The enums all three identity modules carry; each adds its own few below, as the reference does. */
const { DeliveryMethod, Reason, Target, TenantType, V1Reason, ...IDENTITY_ENUMS } = enums;

/** A module's functions, named up front by `names` and loaded by `pick` from the on-demand code, and its enums. */
/* @__NO_SIDE_EFFECTS__ */
const identityModule = <Ops extends Record<string, AnyOperationDefinition>, Enums extends object>(
  pick: (onDemand: OnDemand) => ModuleDefinition<Ops>,
  names: { [K in keyof Ops]: 1 },
  enums: Enums,
) =>
  Object.assign(
    lazyModule(names, () => import('../../on-demand.js').then(pick)),
    IDENTITY_ENUMS,
    enums,
  );

/** `authentication` of `@wix/identity`: register, log in, sign on, log out, change password, MFA. */
export const authentication = /* @__PURE__ */ identityModule(
  (onDemand) => onDemand.authenticationModule,
  { registerV2: 1, loginV2: 1, validateEmail: 1, changePassword: 1, signOn: 1, logout: 1, verify: 1 },
  { DeliveryMethod, Reason, TenantType, V1Reason },
);

/** `recovery` of `@wix/identity`: password-reset and activation e-mails, and the reset itself. */
export const recovery = /* @__PURE__ */ identityModule(
  (onDemand) => onDemand.recoveryModule,
  { sendRecoveryEmail: 1, sendActivationEmail: 1, recover: 1 },
  { Reason: V1Reason, TenantType },
);

/** `verification` of `@wix/identity`: e-mail verification, during authentication or on its own. */
export const verification = /* @__PURE__ */ identityModule(
  (onDemand) => onDemand.verificationModule,
  { start: 1, verifyDuringAuthentication: 1, resendDuringAuthentication: 1 },
  { Reason: V1Reason, Target },
);
