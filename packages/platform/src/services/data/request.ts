import { DATA_ENCODED_REQUEST_PARAM, DATA_ERROR_CODES } from '@atrium/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TSchema } from 'typebox';
import { type ApiError, logError, sendError, toApiError } from '../../errors.js';
import type { Logger } from '../../logger.js';
import { type Caller, type CallerAuthority, identifyCaller } from '../../oauth/caller.js';
import { dataError, dataValidationError, payloadTooLarge, permissionDenied } from './errors.js';
import { DataCaller } from './permissions.js';
import { checkPayload } from './schema-check.js';
import { isPlainObject } from './values.js';

/**
 * What the data routes share: the caller, GET requests carried as `.r` (base64url JSON, wire.md
 * §1.4), and an error handler that gives every 4xx of these routes a WDE code, among them 413
 * WDE0109 for bodies over the limit (wire.md §2.3).
 */
export async function dataCaller(request: FastifyRequest, authority: CallerAuthority): Promise<DataCaller> {
  return new DataCaller(await verifiedCaller(request.headers.authorization, authority), authority.db);
}

/**
 * Access tokens are signed JWTs verified without a lookup (DESIGN.md › Storage); verifying the
 * signature is most of a fast query's cost, so a verified token's caller is remembered until the
 * token expires (at most VERIFIED_TTL_MS), exactly as long as verifying it again would accept it.
 * API keys and anything that fails are checked every time.
 */
const VERIFIED_TTL_MS = 5 * 60_000;
const VERIFIED_MAX = 10_000;
/** Per platform (its signing keys): a token of one platform means nothing to another. */
const verifiedBy = new WeakMap<object, Map<string, { caller: Caller; until: number }>>();

async function verifiedCaller(
  authorization: string | undefined,
  authority: CallerAuthority,
): Promise<Caller> {
  let verified = verifiedBy.get(authority.keys);
  if (verified === undefined) {
    verified = new Map();
    verifiedBy.set(authority.keys, verified);
  }
  const known = authorization === undefined ? undefined : verified.get(authorization);
  if (known !== undefined && known.until > Date.now()) return known.caller;
  const caller = await identifyCaller(authorization, authority);
  if (authorization !== undefined && (caller.kind === 'visitor' || caller.kind === 'member')) {
    const expires = tokenExpiry(authorization);
    if (expires !== undefined) {
      if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
      verified.set(authorization, { caller, until: Math.min(expires, Date.now() + VERIFIED_TTL_MS) });
    }
  }
  return caller;
}

/** The `exp` of a JWT that has just been verified, in milliseconds. */
function tokenExpiry(authorization: string): number | undefined {
  const payload = authorization
    .replace(/^bearer\s+/i, '')
    .trim()
    .split('.')[1];
  try {
    const exp: unknown = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')).exp;
    return typeof exp === 'number' ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/** Collections and indexes are managed with the site's API key only. */
export async function requireElevated(request: FastifyRequest, authority: CallerAuthority): Promise<void> {
  const caller = await identifyCaller(request.headers.authorization, authority);
  if (caller.kind === 'elevated') return;
  throw permissionDenied(
    `Managing collections and indexes needs an elevated (API key) caller; the request was made as ${caller.kind}.`,
  );
}

/**
 * A GET request's payload: the decoded `.r` parameter when present, else the query string itself
 * (repeated keys are arrays), with `overrides` (path parameters) on top; checked against `schema`.
 */
export function getPayload<T>(
  query: Record<string, unknown>,
  schema: TSchema,
  overrides: Record<string, unknown> = {},
  arrays: readonly string[] = [],
): T {
  const encoded = query[DATA_ENCODED_REQUEST_PARAM];
  let payload: Record<string, unknown>;
  if (encoded !== undefined) {
    payload = decodeEncodedRequest(encoded);
  } else {
    payload = { ...query };
    for (const key of arrays) {
      if (typeof payload[key] === 'string') payload[key] = [payload[key]];
    }
    for (const [key, value] of Object.entries(payload)) {
      if (value === 'true' || value === 'false') payload[key] = value === 'true';
    }
  }
  const merged = { ...payload, ...overrides };
  return checkPayload<T>(merged, schema);
}

function decodeEncodedRequest(encoded: unknown): Record<string, unknown> {
  if (typeof encoded === 'string') {
    try {
      const decoded: unknown = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
      if (isPlainObject(decoded)) return decoded;
    } catch {
      // reported below
    }
  }
  throw dataError(
    400,
    DATA_ERROR_CODES.invalidRequest,
    `The ${DATA_ENCODED_REQUEST_PARAM} parameter must be a JSON object encoded as base64url.`,
  );
}

/** Installs the data routes' error handler on their plugin instance. */
export function registerDataErrors(app: FastifyInstance, logger: Logger): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const apiError = withDataCode(error, toApiError(error, request.id));
    logError(logger, request, apiError, error);
    return sendError(reply, apiError);
  });
}

function withDataCode(error: unknown, apiError: ApiError): ApiError {
  const { applicationError, validationError } = apiError.body.details;
  if (
    apiError.status >= 500 ||
    applicationError?.code.startsWith('WDE') ||
    applicationError?.code === 'UNAUTHENTICATED'
  ) {
    return apiError;
  }
  if (apiError.status === 413 || (error as FastifyError | undefined)?.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return payloadTooLarge();
  }
  if (validationError !== undefined)
    return dataValidationError(DATA_ERROR_CODES.invalidRequest, validationError.fieldViolations);
  return dataError(
    apiError.status,
    DATA_ERROR_CODES.invalidRequest,
    applicationError?.description ?? apiError.message,
  );
}
