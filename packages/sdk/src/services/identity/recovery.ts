import { lazyModule } from '../../client/module-function.js';
import { IDENTITY_ENUMS, TenantType, V1Reason } from './enums.js';
import type { recoveryModule } from './recovery-operations.js';

/**
 * `recovery` of `@wix/identity`: password-reset and activation e-mails, and the reset itself. The
 * enums are here; the operations load on the module's first call (../../on-demand.ts).
 */
export const recovery = /* @__PURE__ */ Object.assign(
  lazyModule<(typeof recoveryModule)['operations']>(
    { sendRecoveryEmail: 1, sendActivationEmail: 1, recover: 1 },
    () => import('../../on-demand.js').then((onDemand) => onDemand.recoveryModule),
  ),
  {
    ...IDENTITY_ENUMS,
    Reason: V1Reason,
    TenantType,
  },
);
