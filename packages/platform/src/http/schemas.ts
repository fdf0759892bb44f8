import { Type } from '@fastify/type-provider-typebox';

/**
 * Schemas every service's routes share. A route declares each input it has: a route without query
 * parameters says so with NoQuery (other parameters, such as path parameters the reference client
 * repeats in the query string, docs/wire.md §1.3, are ignored), an action without a body with NoBody.
 */
export const NoQuery = Type.Object({}, { description: 'No query parameters; any sent are ignored.' });

/** An action whose request has no body (or an empty JSON object). */
export const NoBody = Type.Union([Type.Object({}), Type.Null(), Type.Undefined()], {
  description: 'No body, or an empty JSON object.',
});
