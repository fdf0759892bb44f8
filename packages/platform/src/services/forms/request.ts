import {
  type FieldViolation,
  FORMS_ERROR_CODES,
  FORMS_LIMITS,
  type ServicePrefix,
  servicePaths,
} from '@atrium/contract';
import type { FastifyRequest } from 'fastify';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { ApiError } from '../../errors.js';
import { type Caller, type CallerAuthority, identifyCaller, type MemberCaller } from '../../oauth/caller.js';
import { formsError, permissionDenied } from './errors.js';

/**
 * What the forms routes share: who calls, the permission rules, ids, GET payloads (the query
 * string, or one `.r` parameter of base64url JSON, wire.md §1.4) and the platform's public base URL.
 */

export type FormsCaller = Caller;

export const formsCaller = (request: FastifyRequest, authority: CallerAuthority): Promise<Caller> =>
  identifyCaller(request.headers.authorization, authority);

/** Managing forms and reading, changing or deleting submissions needs the site's API key. */
export function requireElevated(caller: Caller, what: string): void {
  if (caller.kind !== 'elevated') {
    throw permissionDenied(
      `${what} needs an elevated (API key) caller; the request was made as ${caller.kind}`,
    );
  }
}

/** Submitting (and what leads to it: validating, uploading) is open to visitors, members and API keys. */
export function requireSubmitter(caller: Caller, what: string): Exclude<Caller, { kind: 'anonymous' }> {
  if (caller.kind === 'anonymous') {
    throw formsError(
      401,
      FORMS_ERROR_CODES.permissionDenied,
      `${what} needs a visitor, member or API key caller; the request has no Authorization header`,
    );
  }
  return caller;
}

export const isMember = (caller: Caller): caller is MemberCaller => caller.kind === 'member';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids are GUIDs (the reference's `@format GUID`); anything else names nothing. */
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

const compiled = new WeakMap<TSchema, ReturnType<typeof Compile>>();

/**
 * A value checked against a contract schema, for what Fastify does not check itself (GET payloads,
 * cursors): a violation is a 400 validation error naming the fields.
 */
export function checkShape<T>(payload: unknown, schema: TSchema, where = 'request'): T {
  let validator = compiled.get(schema);
  if (validator === undefined) {
    validator = Compile(schema);
    compiled.set(schema, validator);
  }
  if (validator.Check(payload)) return payload as T;
  const violations: FieldViolation[] = [...validator.Errors(payload)].slice(0, 10).map((issue) => {
    const {
      instancePath = '',
      message = 'is invalid',
      keyword = 'invalid',
    } = issue as {
      instancePath?: string;
      message?: string;
      keyword?: string;
    };
    const path = instancePath.split('/').filter(Boolean).join('.');
    return {
      field: path ? `${where}.${path}` : where,
      description: message,
      violatedRule: keyword.toUpperCase(),
    };
  });
  const summary = violations.map((violation) => `"${violation.field}" ${violation.description}`).join(', ');
  throw new ApiError(400, {
    message: `INVALID_ARGUMENT: ${summary}`,
    details: { validationError: { fieldViolations: violations } },
  });
}

/** Keys of a GET payload whose values are numbers (the query string carries text). */
const NUMERIC_KEYS = new Set(['paging.limit']);
/** Keys that repeat (`statuses=A&statuses=B`): one occurrence is still a list. */
const LIST_KEYS = new Set(['submissionIds', 'statuses', 'fieldsets']);

/**
 * A GET request's payload: the decoded `.r` parameter when present, else the query string with
 * dotted keys nested (`paging.limit=5` → `{ paging: { limit: 5 } }`), `true`/`false` as booleans
 * and listed keys as arrays; path parameters on top; checked against `schema`.
 */
export function getPayload<T>(
  query: Record<string, unknown>,
  schema: TSchema,
  overrides: Record<string, unknown> = {},
): T {
  const encoded = query['.r'];
  let payload: Record<string, unknown> = {};
  if (encoded !== undefined) {
    payload = decodeEncodedRequest(encoded);
  } else {
    for (const [key, raw] of Object.entries(query)) {
      let value: unknown = raw;
      if (LIST_KEYS.has(key) && !Array.isArray(value)) value = [value];
      else if (value === 'true' || value === 'false') value = value === 'true';
      else if (NUMERIC_KEYS.has(key) && typeof value === 'string' && value.trim() !== '')
        value = Number(value);
      setPath(payload, key.split('.'), value);
    }
  }
  return checkShape<T>({ ...payload, ...overrides }, schema);
}

function setPath(target: Record<string, unknown>, segments: string[], value: unknown): void {
  const [head, ...rest] = segments;
  if (head === undefined || head === '__proto__' || head === 'constructor' || head === 'prototype') return;
  if (rest.length === 0) {
    target[head] = value;
    return;
  }
  const child = target[head];
  const next = typeof child === 'object' && child !== null && !Array.isArray(child) ? child : {};
  target[head] = next;
  setPath(next as Record<string, unknown>, rest, value);
}

function decodeEncodedRequest(encoded: unknown): Record<string, unknown> {
  if (typeof encoded === 'string') {
    try {
      const decoded: unknown = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
      if (typeof decoded === 'object' && decoded !== null && !Array.isArray(decoded)) {
        return decoded as Record<string, unknown>;
      }
    } catch {
      // reported below
    }
  }
  throw formsError(
    400,
    FORMS_ERROR_CODES.invalidRequest,
    'The .r parameter must be a JSON object encoded as base64url.',
  );
}

/**
 * The platform's public base URL as the caller reached it: `X-Forwarded-Proto` and
 * `X-Forwarded-Host` when a proxy set them, else the request's own scheme and Host (as the hosted
 * pages do). URLs built from it (uploads, downloads) go back to the same caller.
 */
export function publicBaseUrl(request: FastifyRequest): string {
  const forwardedProto = firstHeader(request.headers['x-forwarded-proto']);
  const forwardedHost = firstHeader(request.headers['x-forwarded-host']);
  const proto = forwardedProto === 'https' || forwardedProto === 'http' ? forwardedProto : request.protocol;
  const host = forwardedHost && /^[A-Za-z0-9.[\]:-]+$/.test(forwardedHost) ? forwardedHost : request.host;
  return `${proto}://${host}`;
}

const firstHeader = (value: string | string[] | undefined): string | undefined =>
  (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim();

/** `{name}` and `{a.b}` path parameters (contract notation) as Fastify's `:name` (the last segment). */
export const fastifyPath = (path: string): string => path.replace(/\{(?:\w+\.)*(\w+)\}/g, ':$1');

/** Every path a service's proto path is served under: its wire prefix and aliases. */
export const pathsOf = (prefix: ServicePrefix, protoPath: string): string[] =>
  servicePaths(prefix, fastifyPath(protoPath));

export const JSON_BODY = { bodyLimit: FORMS_LIMITS.maxBodyBytes } as const;
