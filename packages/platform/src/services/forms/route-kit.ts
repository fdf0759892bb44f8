import { FORMS_LIMITS } from '@atrium/contract';
import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import type { TSchema } from 'typebox';
import { checkShape, ENCODED_REQUEST_PARAM, type QueryShape, queryPayload } from '../../http/index.js';
import { badEncodedRequest } from './errors.js';

/** What the forms routes (each folder's routes.ts) share. */

/** The plugin instance the forms routes are declared on, their paths relative to the prefix. */
export type FormsApp = Parameters<FastifyPluginAsyncTypebox>[0];

/** Route options of a route with a JSON body: bodies up to FORMS_LIMITS.maxBodyBytes. */
export const JSON_BODY = { bodyLimit: FORMS_LIMITS.maxBodyBytes } as const;

/** The `.r` parameter of a querystring schema (docs/wire.md §1.4). */
export const ENCODED_REQUEST = { [ENCODED_REQUEST_PARAM]: Type.Optional(Type.String()) };

/**
 * A number in a querystring schema. TypeBoxValidatorCompiler (server.ts) runs TypeBox's
 * `Value.Convert` on the query string, so `'5'` arrives as 5 and `'abc'` is refused before the
 * route runs; but Convert also turns a blank value into 0, so a blank one stays text here and the
 * contract's check refuses it (`paging.limit=` is not a page of none).
 */
export const QueryNumber = Type.Union([Type.String({ pattern: '^\\s*$' }), Type.Number()]);

/** Plain query parameters of the forms' GET requests: dotted keys nest, these keys repeat. */
const FORMS_QUERY: QueryShape = {
  arrays: ['submissionIds', 'statuses', 'fieldsets'],
  numbers: ['paging.limit'],
  nested: true,
};

/** A GET (or DELETE) request's payload, `.r` or the query string, checked against `schema`. */
export const formsQuery = <T>(query: Record<string, unknown>, schema: TSchema): T =>
  checkShape<T>(queryPayload(query, FORMS_QUERY, badEncodedRequest), schema, { root: 'request' });
