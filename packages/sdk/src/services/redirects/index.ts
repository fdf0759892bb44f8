/**
 * `@atrium/sdk/redirects`: redirect sessions send a visitor to a platform-hosted page (login,
 * checkout, …) and back (docs/wire.md §6).
 */
import { lazyModule } from '../../client/module-function.js';
import type { redirectsModule } from './operations/redirects.js';

export type * from './types.js';

/** The operation (./operations/: route, gateway, transforms) loads on the first call, with ../../on-demand.ts. */
export const redirects = lazyModule<(typeof redirectsModule)['operations']>(
  { createRedirectSession: 1 },
  () => import('../../on-demand.js').then((onDemand) => onDemand.redirectsModule),
);
