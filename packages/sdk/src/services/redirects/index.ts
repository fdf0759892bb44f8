import type {
  CreateRedirectSessionRequest,
  CreateRedirectSessionResponse as WireCreateRedirectSessionResponse,
} from '@atrium/contract/types';
import type { WithSdkKeys } from '../../client/key-renames.js';
import { lazyModule } from '../../client/module-function.js';
import type { redirectsModule } from './operations.js';

/**
 * `@atrium/sdk/redirects`: redirect sessions send a visitor to a platform-hosted page (login,
 * checkout, …) and back (wire.md §6).
 */

export type CreateRedirectSessionOptions = CreateRedirectSessionRequest;
export type CreateRedirectSessionResponse = WithSdkKeys<WireCreateRedirectSessionResponse>;
export type RedirectSession = CreateRedirectSessionResponse['redirectSession'];

/** The operation (route, gateway, transforms) loads on the first call, with ../../on-demand.ts. */
export const redirects = lazyModule<(typeof redirectsModule)['operations']>(
  { createRedirectSession: 1 },
  () => import('../../on-demand.js').then((onDemand) => onDemand.redirectsModule),
);
