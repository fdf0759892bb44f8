import { validationError } from '../errors.js';
import type { Db } from '../storage/database.js';
import type { Caller } from './caller.js';
import { checkCodeChallenge, checkCodeChallengeMethod } from './pkce.js';
import { checkRedirectUrl, destinationUrl, isRegisteredOrigin, webOrigin } from './redirect-origins.js';
import { findClient, type OAuthClient } from './store.js';

export const RESPONSE_MODES = ['fragment', 'query', 'web_message'] as const;
export type ResponseMode = (typeof RESPONSE_MODES)[number];
export const PROMPTS = ['login', 'none'] as const;
export type Prompt = (typeof PROMPTS)[number];

/** An `auth` intent's request once every rule holds; stored with its redirect session. */
export interface AuthorizationRequest {
  readonly clientId: string;
  readonly responseType: 'code';
  readonly responseMode: ResponseMode;
  /**
   * Where query and fragment responses go; web_message may name one to choose the message origin.
   * Normalised (redirect-origins.ts): the only form redirected to, shown or stored elsewhere.
   */
  readonly redirectUri?: string;
  /**
   * The redirect URI exactly as sent, when that differs harmlessly from the normalised form
   * (`http://site` and `http://site/`): the code is bound to it, since the token request must
   * repeat it exactly (RFC 6749 §4.1.3). Never navigated to.
   */
  readonly redirectUriAsSent?: string;
  readonly codeChallenge: string;
  readonly codeChallengeMethod: 'S256';
  readonly scope: 'offline_access';
  readonly state: string;
  readonly prompt: Prompt;
  /** web_message: the one exact origin the response is posted to, decided at creation. */
  readonly messageOrigin?: string;
  readonly nonce?: string;
}

export interface AuthorizationRequestContext {
  readonly caller: Exclude<Caller, { kind: 'anonymous' }>;
  /** The `Origin` header of the request creating the session (browsers send it; servers do not). */
  readonly requestOrigin?: string;
}

/**
 * Validates `auth: { authRequest, prompt }` (docs/wire.md §4.3). Each rule is a named check that throws a
 * 400 naming the field and saying exactly what was wrong; the first broken rule is reported.
 * The session token, if any, is returned apart: it is a secret and is stored hashed.
 */
export async function validateAuthorizationRequest(
  db: Db,
  auth: Record<string, unknown>,
  context: AuthorizationRequestContext,
): Promise<{ request: AuthorizationRequest; sessionToken?: string }> {
  const fields = stringFields(auth.authRequest);
  const client = await checkClientRegistered(db, fields.clientId);
  checkClientOfCaller(client, context.caller);
  checkResponseType(fields.responseType);
  const codeChallengeMethod = checkS256Method(fields.codeChallengeMethod);
  const codeChallenge = checkChallengeFormat(fields.codeChallenge);
  const responseMode = checkResponseMode(fields.responseMode);
  const scope = checkScope(fields.scope);
  const state = checkState(fields.state);
  const prompt = checkPrompt(typeof auth.prompt === 'string' ? auth.prompt : fields.prompt);
  const redirectUri = checkRedirectUri(client, responseMode, fields.redirectUri);
  const messageOrigin =
    responseMode === 'web_message'
      ? chooseWebMessageOrigin(client, context.requestOrigin, redirectUri)
      : undefined;
  const request: AuthorizationRequest = {
    clientId: client.id,
    responseType: 'code',
    responseMode,
    ...(redirectUri === undefined ? {} : { redirectUri }),
    ...(redirectUri === undefined || redirectUri === fields.redirectUri
      ? {}
      : { redirectUriAsSent: fields.redirectUri }),
    codeChallenge,
    codeChallengeMethod,
    scope,
    state,
    prompt,
    ...(messageOrigin === undefined ? {} : { messageOrigin }),
    ...(fields.nonce === undefined ? {} : { nonce: fields.nonce }),
  };
  return { request, ...(fields.sessionToken ? { sessionToken: fields.sessionToken } : {}) };
}

const invalid = (field: string, rule: string, description: string) =>
  validationError([{ field: `auth.authRequest.${field}`, description, violatedRule: rule }]);

async function checkClientRegistered(db: Db, clientId: string | undefined): Promise<OAuthClient> {
  if (!clientId) throw invalid('clientId', 'REQUIRED', 'is required');
  const client = await findClient(db, clientId);
  if (!client) throw invalid('clientId', 'REGISTERED_CLIENT', `client "${clientId}" is not registered`);
  return client;
}

/** A visitor's or member's token belongs to one client: it may start sign-ins for that client only. */
function checkClientOfCaller(client: OAuthClient, caller: AuthorizationRequestContext['caller']): void {
  if (caller.kind === 'elevated' || caller.clientId === client.id) return;
  throw invalid(
    'clientId',
    'CALLER_CLIENT',
    `must be the client of the caller's access token ("${caller.clientId}"), got "${client.id}"`,
  );
}

function checkResponseType(responseType: string | undefined): void {
  if (responseType === 'code') return;
  throw invalid('responseType', 'RESPONSE_TYPE_CODE', `must be "code", got "${responseType ?? ''}"`);
}

function checkS256Method(method: string | undefined): 'S256' {
  const problem = checkCodeChallengeMethod(method);
  if (problem) throw invalid('codeChallengeMethod', 'PKCE_S256', problem);
  return 'S256';
}

function checkChallengeFormat(challenge: string | undefined): string {
  const problem = checkCodeChallenge(challenge);
  if (problem || challenge === undefined) throw invalid('codeChallenge', 'PKCE_S256', problem ?? '');
  return challenge;
}

function checkResponseMode(mode: string | undefined): ResponseMode {
  const known = RESPONSE_MODES.find((candidate) => candidate === mode);
  if (known) return known;
  throw invalid('responseMode', 'ONE_OF', `must be one of ${RESPONSE_MODES.join(', ')}, got "${mode ?? ''}"`);
}

function checkScope(scope: string | undefined): 'offline_access' {
  if (scope === 'offline_access') return scope;
  throw invalid('scope', 'SCOPE', `must be "offline_access", got "${scope ?? ''}"`);
}

/** The client's CSRF protection (RFC 6749 §10.12): it gets the state back and compares it. */
function checkState(state: string | undefined): string {
  if (state) return state;
  throw invalid('state', 'REQUIRED', 'is required (it protects the client against forged responses)');
}

function checkPrompt(prompt: string | undefined): Prompt {
  if (prompt === undefined || prompt === '') return 'login';
  const known = PROMPTS.find((candidate) => candidate === prompt);
  if (known) return known;
  throw validationError([
    { field: 'auth.prompt', description: `must be login or none, got "${prompt}"`, violatedRule: 'ONE_OF' },
  ]);
}

/**
 * Query and fragment responses carry the code to the redirect URI, so it is required and its origin
 * must be registered for the client; it must have no fragment (RFC 6749 §3.1.2). A web_message
 * request may name one (it can choose the message origin). Either way it is stored, redirected to
 * and shown in its normalised form only (redirect-origins.ts).
 */
function checkRedirectUri(
  client: OAuthClient,
  mode: ResponseMode,
  redirectUri: string | undefined,
): string | undefined {
  if (!redirectUri) {
    if (mode === 'web_message') return undefined;
    throw invalid('redirectUri', 'REQUIRED', `is required for responseMode ${mode}`);
  }
  if (mode === 'web_message') {
    const destination = destinationUrl(redirectUri);
    if (!destination.ok) throw invalid('redirectUri', destination.rule, destination.description);
    return destination.url.href;
  }
  const checked = checkRedirectUrl(client, redirectUri);
  if (!checked.ok) throw invalid('redirectUri', checked.rule, checked.description);
  if (new URL(checked.href).hash !== '')
    throw invalid('redirectUri', 'NO_FRAGMENT', 'must not contain a fragment');
  return checked.href;
}

/**
 * The web message goes to exactly one origin, decided now: the creating request's Origin if it is
 * registered for the client, else the redirect URI's origin if registered, else the client's only
 * registered origin. Anything else is ambiguous and refused.
 */
function chooseWebMessageOrigin(
  client: OAuthClient,
  requestOrigin: string | undefined,
  redirectUri: string | undefined,
): string {
  if (isRegisteredOrigin(client, requestOrigin)) return requestOrigin;
  const redirectOrigin = redirectUri === undefined ? undefined : webOrigin(redirectUri);
  if (isRegisteredOrigin(client, redirectOrigin)) return redirectOrigin;
  const [only, ...others] = client.redirectOrigins;
  if (only !== undefined && others.length === 0) return only;
  throw invalid(
    'responseMode',
    'WEB_MESSAGE_ORIGIN',
    `web_message needs a target origin registered for client "${client.id}": send the request from ` +
      `one (Origin header) or give a redirectUri on one (registered: ${client.redirectOrigins.join(', ') || 'none'})`,
  );
}

/** The string fields of an object (the schema has checked their types; others are ignored). */
function stringFields(value: unknown): Record<string, string | undefined> {
  if (typeof value !== 'object' || value === null) return {};
  return Object.fromEntries(Object.entries(value).filter(([, field]) => typeof field === 'string')) as Record<
    string,
    string
  >;
}
