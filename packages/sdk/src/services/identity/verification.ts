import { lazyModule } from '../../client/module-function.js';
import { IDENTITY_ENUMS, Target, V1Reason } from './enums.js';
import type { verificationModule } from './verification-operations.js';

/**
 * `verification` of `@wix/identity`: e-mail verification, during authentication or on its own. The
 * enums are here; the operations load on the module's first call (../../on-demand.ts).
 */
export const verification = /* @__PURE__ */ Object.assign(
  lazyModule<(typeof verificationModule)['operations']>(
    { start: 1, verifyDuringAuthentication: 1, resendDuringAuthentication: 1 },
    () => import('../../on-demand.js').then((onDemand) => onDemand.verificationModule),
  ),
  {
    ...IDENTITY_ENUMS,
    Reason: V1Reason,
    Target,
  },
);
