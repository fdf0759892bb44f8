import type {
  CreateRedirectSessionRequest,
  CreateRedirectSessionResponse as WireCreateRedirectSessionResponse,
} from '@atrium/contract/types';
import type { WithSdkKeys } from '../../client/key-renames.js';

export type CreateRedirectSessionOptions = CreateRedirectSessionRequest;
export type CreateRedirectSessionResponse = WithSdkKeys<WireCreateRedirectSessionResponse>;
export type RedirectSession = CreateRedirectSessionResponse['redirectSession'];
