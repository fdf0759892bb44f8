import { isUtf8 } from 'node:buffer';
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { HEADERS } from '@atrium/contract';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import { type ApiError, httpError, logError, sendError, toApiError, validationError } from '../errors.js';
import type { Logger } from '../logger.js';
import { asViolation, jsonProblem, MAX_JSON_DEPTH, textProblem } from './input-guard.js';
import { installPublicOrigin } from './public-origin.js';

/**
 * The door every request goes through, whatever service it is for: request ids, body parsing, the
 * input guard (input-guard.ts) on the URL and on bodies, and errors in the platform's shape for
 * what Fastify and Node refuse before a route runs (bad percent-encoding, over-long path
 * parameters, headers or URLs, malformed HTTP).
 */

/** A path parameter longer than this is refused with 414 (ids are far shorter). */
export const MAX_PARAM_LENGTH = 1024;

/** Options for `Fastify(…)`: request ids, and framework and client errors in the platform's shape. */
export function boundaryServerOptions(logger: Logger): FastifyServerOptions {
  return {
    logger: false,
    genReqId: () => randomUUID(),
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // Fastify's own checks of the URL, before any hook runs (FST_ERR_BAD_URL, FST_ERR_MAX_PARAM_LENGTH).
    frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      reply.header(HEADERS.requestId, request.id);
      const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : (error.statusCode ?? 400);
      const apiError = httpError(status, frameworkMessage(error), { requestId: request.id });
      logError(logger, request, apiError, error);
      return sendError(reply, apiError);
    },
    // Requests Node's HTTP parser refuses (over-long headers or URL, bad bytes): no request exists
    // yet, so the answer is written to the socket here, still in the platform's error shape.
    clientErrorHandler: (error: Error & { code?: string }, socket: Socket) =>
      answerClientError(logger, error, socket),
  };
}

function frameworkMessage(error: FastifyError): string {
  if (error.code === 'FST_ERR_BAD_URL') return 'The URL is not validly percent-encoded.';
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return `A path parameter is longer than ${MAX_PARAM_LENGTH} characters.`;
  }
  return error.message;
}

/** A route as registered: what the fuzz suite and the API reference enumerate. */
export interface RegisteredRoute {
  readonly method: string;
  readonly url: string;
  readonly schema: RouteShape | undefined;
}

/** The parts of a route's schema the kit knows about (TypeBox schemas). */
export interface RouteShape {
  readonly params?: unknown;
  readonly querystring?: unknown;
  readonly body?: unknown;
}

const routesOf = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/** Every route registered on `app` (HEAD routes Fastify adds for GET ones are left out). */
export const registeredRoutes = (app: FastifyInstance): readonly RegisteredRoute[] => routesOf.get(app) ?? [];

/** Hooks, parsers and handlers on the root instance; every route plugin inherits them. */
export function installBoundary(app: FastifyInstance, logger: Logger, publicUrl?: () => string): void {
  installPublicOrigin(app, publicUrl);
  const routes: RegisteredRoute[] = [];
  routesOf.set(app, routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD')
        routes.push({ method, url: route.url, schema: route.schema as RouteShape | undefined });
    }
  });

  app.addHook('onRequest', (request, reply, done) => {
    reply.header(HEADERS.requestId, request.id);
    const url = request.raw.url ?? '';
    // NUL and invalid UTF-8 can only reach a path parameter or the query string percent-encoded.
    done(url.includes('%') ? urlError(url) : undefined);
  });

  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    try {
      done(null, parseJsonBody(body as Buffer));
    } catch (error) {
      done(error as Error, undefined);
    }
  });

  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const apiError = toApiError(error, request.id);
    logError(logger, request, apiError, error);
    return sendError(reply, apiError);
  });
  app.setNotFoundHandler((request, reply) =>
    sendError(reply, httpError(404, `No route ${request.method} ${request.url}`, { requestId: request.id })),
  );
}

/**
 * A JSON body: valid UTF-8 (not silently repaired), valid JSON, and through the input guard. The
 * guard's refusal names the field (`item.data.title`).
 */
export function parseJsonBody(body: Buffer): unknown {
  if (body.length === 0)
    throw validationError([
      { field: 'body', description: 'is empty; send a JSON value', violatedRule: 'REQUIRED' },
    ]);
  if (!isUtf8(body)) throw invalidBody('is not valid UTF-8 text');
  let value: unknown;
  try {
    value = JSON.parse(body.toString('utf8'));
  } catch (error) {
    throw invalidBody(`is not valid JSON (${(error as Error).message})`);
  }
  checkJson(value, '');
  return value;
}

/** Throws a 400 naming the field when `value` (parsed JSON) breaks the input guard. */
export function checkJson(value: unknown, root: string): void {
  const problem = jsonProblem(value, root);
  if (problem !== undefined) throw validationError([asViolation(problem)]);
}

/** Throws a 400 naming `field` when a string breaks the input guard. */
export function checkText(text: string, field: string): void {
  const problem = textProblem(text);
  if (problem !== undefined) throw validationError([{ field, description: problem, violatedRule: 'TEXT' }]);
}

const invalidBody = (description: string): ApiError =>
  validationError([{ field: 'body', description, violatedRule: 'FORMAT' }]);

/** The refusal of a URL with bad percent-encoding or a NUL in a path parameter or query value. */
function urlError(url: string): ApiError | undefined {
  const question = url.indexOf('?');
  const path = question === -1 ? url : url.slice(0, question);
  const pathProblem = decodedProblem(path);
  if (pathProblem !== undefined) return invalidUrlPart('path', pathProblem);
  if (question === -1) return undefined;
  for (const pair of url.slice(question + 1).split('&')) {
    const equals = pair.indexOf('=');
    const rawKey = equals === -1 ? pair : pair.slice(0, equals);
    const keyProblem = decodedProblem(rawKey);
    if (keyProblem !== undefined) return invalidUrlPart('query', `has a parameter name that ${keyProblem}`);
    if (equals === -1) continue;
    const valueProblem = decodedProblem(pair.slice(equals + 1));
    if (valueProblem !== undefined)
      return invalidUrlPart(decodeURIComponent(rawKey.replaceAll('+', ' ')), valueProblem);
  }
  return undefined;
}

function decodedProblem(part: string): string | undefined {
  if (!part.includes('%')) return undefined;
  let decoded: string;
  try {
    decoded = decodeURIComponent(part.replaceAll('+', ' '));
  } catch {
    return 'is not validly percent-encoded UTF-8';
  }
  return textProblem(decoded);
}

const invalidUrlPart = (field: string, description: string): ApiError =>
  validationError([{ field, description, violatedRule: 'TEXT' }]);

/** Node's HTTP parser errors, as Fastify's default handler classifies them. */
function answerClientError(logger: Logger, error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? 431
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 408
        : error.code === 'HPE_URI_TOO_LONG'
          ? 414
          : 400;
  const requestId = randomUUID();
  const description =
    status === 431
      ? 'The request headers (or its URL) are larger than the server accepts.'
      : status === 408
        ? 'The request took too long to arrive.'
        : 'The request is not valid HTTP.';
  const body = JSON.stringify(toApiError(httpError(status, description, { requestId }), requestId).body);
  logger.debug(`client error ${error.code ?? error.message} → ${status} (request ${requestId})`);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        `${HEADERS.requestId}: ${requestId}\r\n` +
        // CORS: a browser page may read why its request was refused.
        'Access-Control-Allow-Origin: *\r\n' +
        `Access-Control-Expose-Headers: ${HEADERS.requestId}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
}

export { MAX_JSON_DEPTH };
