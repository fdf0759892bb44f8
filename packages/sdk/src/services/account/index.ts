/**
 * `@atrium/sdk/account`: the signed-in member's own account, Atrium's calls where the reference
 * client has none (a site's account page): the security settings (`getMySecurity`), the password
 * with the current one (`changeMyPassword`), the login e-mail behind a code mailed to the new address
 * (`startLoginEmailChange`, `confirmLoginEmailChange`), and an authenticator app
 * (`startTotpEnrollment`, `confirmTotpEnrollment`, `disableTotp`). The profile and deleting the
 * account are the reference's calls in `@atrium/sdk/members` (`updateMember`, `deleteMyMember`).
 * Every call needs a member's tokens; the operations load on the module's first call.
 */
import { lazyModule } from '../../client/module-function.js';
import type { accountModule } from './operations/account.js';

export type * from './types.js';

export const account = /* @__PURE__ */ lazyModule<(typeof accountModule)['operations']>(
  {
    getMySecurity: 1,
    changeMyPassword: 1,
    startLoginEmailChange: 1,
    confirmLoginEmailChange: 1,
    startTotpEnrollment: 1,
    confirmTotpEnrollment: 1,
    disableTotp: 1,
  },
  () => import('./operations/account.js').then((module) => module.accountModule),
);
