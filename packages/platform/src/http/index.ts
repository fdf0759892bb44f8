/**
 * The HTTP kit: what every service's routes use, so that the boundary is one thing. See
 * docs/architecture.md.
 *
 * - boundary.ts: the door (request ids, body parsing, the input guard, framework errors);
 * - input-guard.ts: NUL, unpaired surrogates, nesting depth;
 * - payload.ts: GET payloads (`.r` or the query string) and schema checks of decoded values;
 * - violations.ts: schema issues as field violations, and the INVALID_ARGUMENT message;
 * - routing.ts: contract paths as Fastify paths, services under their prefixes;
 * - callers.ts: who may call;
 * - public-origin.ts: the configured public origin for absolute URLs.
 */
export { checkJson, checkText, registeredRoutes } from './boundary.js';
export { callerOf, requireCaller, requireElevated, requireIdentified, requireMember } from './callers.js';
export { MAX_JSON_DEPTH } from './input-guard.js';
export {
  checkShape,
  decodeEncodedRequest,
  ENCODED_REQUEST_PARAM,
  type QueryShape,
  queryPayload,
} from './payload.js';
export { listeningOrigin } from './public-origin.js';
export { fastifyPath, registerService } from './routing.js';
export { NoBody, NoQuery } from './schemas.js';
export { invalidArgumentMessage, schemaViolations } from './violations.js';
