import { DATA_LIMITS } from '@atrium/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Logger } from '../../logger.js';
import type { CallerAuthority } from '../../oauth/caller.js';

/** What the data routes (routes.ts and each folder's routes.ts) share. */
export interface DataRoutesContext extends CallerAuthority {
  readonly logger: Logger;
}

/** The plugin instance the data routes are declared on, their paths relative to the prefix. */
export type DataApp = Parameters<FastifyPluginAsyncTypebox>[0];

/** Route options of a data route: its schema, and bodies up to DATA_LIMITS.maxBodyBytes. */
export const dataRoute = <S>(schema: S) => ({ schema, bodyLimit: DATA_LIMITS.maxBodyBytes });
