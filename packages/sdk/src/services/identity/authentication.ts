import { lazyModule } from '../../client/module-function.js';
import type { authenticationModule } from './authentication-operations.js';
import { DeliveryMethod, IDENTITY_ENUMS, Reason, TenantType, V1Reason } from './enums.js';

/**
 * `authentication` of `@wix/identity`: register, log in, sign on, log out, change password, MFA.
 * The enums are here; the operations load on the module's first call (../../on-demand.ts).
 */
export const authentication = /* @__PURE__ */ Object.assign(
  lazyModule<(typeof authenticationModule)['operations']>(
    { registerV2: 1, loginV2: 1, validateEmail: 1, changePassword: 1, signOn: 1, logout: 1, verify: 1 },
    () => import('../../on-demand.js').then((onDemand) => onDemand.authenticationModule),
  ),
  {
    ...IDENTITY_ENUMS,
    DeliveryMethod,
    Reason,
    TenantType,
    V1Reason,
  },
);
