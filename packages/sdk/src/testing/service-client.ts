import { ApiKeyStrategy } from '../auth/api-key-strategy.js';
import type { AuthenticationStrategy } from '../auth/strategy.js';
import { createClient } from '../client/create-client.js';
import { fakePlatform, json, type RecordedRequest } from './fake-fetch.js';

/**
 * A client of service `modules` on a fake platform whose every service answer is `answer(request)`:
 * a Response as it is, anything else as JSON; for the service modules' offline tests: `last()` is the last request sent,
 * `sent()` its method, path, query and body.
 */
export function serviceClient<M extends object>(
  modules: M,
  answer: (request: RecordedRequest) => unknown = () => ({}),
  auth: AuthenticationStrategy = ApiKeyStrategy({ apiKey: 'key' }),
) {
  const platform = fakePlatform({
    service: (request) => {
      const answered = answer(request);
      return answered instanceof Response ? answered : json(answered);
    },
  });
  const client = createClient({ auth, modules, fetch: platform.fetch });
  const last = (): RecordedRequest => platform.requests.at(-1)!;
  const sent = () => ({
    method: last().method,
    path: last().url.pathname,
    query: last().url.search,
    body: last().body,
  });
  return { client, platform, requests: platform.requests, last, sent };
}
