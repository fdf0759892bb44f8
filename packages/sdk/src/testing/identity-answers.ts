import { OAuthStrategy } from '../auth/oauth-strategy.js';
import { type FakeFetch, fakePlatform, json, type Responder, testTokens } from './fake-fetch.js';
import { redirectSessionBody } from './redirect-session.js';

/** Platform answers for the strategy's member flows, and a strategy on the api host to test them. */
export const API = 'http://api.test';
export const PATHS = {
  redirectSession: '/_api/redirects-api/v1/redirect-session',
  login: '/_api/iam/authentication/v2/login',
  register: '/_api/iam/authentication/v2/register',
  verify: '/_api/iam/verification/v1/auth/verify',
} as const;

export const redirectSessionAnswer = (fullUrl = `${API}/_hosted/redirect/rs1`) =>
  json(redirectSessionBody(fullUrl, `${API}/_hosted/redirect`));

/** A platform whose service answers are chosen by path; any other path fails the test. */
export function platformWith(routes: Record<string, Responder>): FakeFetch {
  return fakePlatform({
    service: (request) => {
      const route = routes[request.url.pathname];
      if (!route) throw new Error(`unexpected ${request.method} ${request.url.pathname}`);
      return route(request);
    },
  });
}

export const strategyOn = (platform: FakeFetch, tokens = testTokens()) =>
  OAuthStrategy({ clientId: 'cid', baseUrl: API, fetch: platform.fetch, tokens });

export const applicationError = (code: string, status = 400, description = 'described') =>
  json({ message: 'failed', details: { applicationError: { code, description, data: {} } } }, { status });

export const validationError = (field: string, type: string, description = 'not a valid email') =>
  json(
    {
      message: 'invalid',
      details: {
        validationError: {
          fieldViolations: [{ field, description, violatedRule: 'FORMAT', data: { type } }],
        },
      },
    },
    { status: 400 },
  );
