import { describe, expect, it } from 'vitest';
import { ApiKeyStrategy } from '../auth/api-key-strategy.js';
import { fakeFetch, json } from '../testing/fake-fetch.js';
import { createClient } from './create-client.js';
import { SDKError } from './errors.js';

const setup = (responder: Parameters<typeof fakeFetch>[0]) => {
  const recorder = fakeFetch(responder);
  const client = createClient({
    auth: ApiKeyStrategy({ apiKey: 'k' }),
    baseUrl: 'http://gql.test',
    fetch: recorder.fetch,
  });
  return { client, requests: recorder.requests };
};

describe('client.graphql (docs/wire.md §11)', () => {
  it('POSTs { query, variables } to /graphql/alpha with auth and returns data and errors', async () => {
    const errors = [{ message: 'partial' }];
    const { client, requests } = setup(() => json({ data: { me: { id: 'm' } }, errors }));
    const result = await client.graphql('query Me($a: Int) { me { id } }', { a: 1 });
    expect(result).toEqual({ data: { me: { id: 'm' } }, errors });
    const [request] = requests;
    expect(`${request?.method} ${request?.url.href}`).toBe('POST http://gql.test/graphql/alpha');
    expect(request?.body).toEqual({ query: 'query Me($a: Int) { me { id } }', variables: { a: 1 } });
    expect(request?.headers.get('authorization')).toBe('k');
    expect(request?.headers.get('content-type')).toBe('application/json');
  });

  it('uses a custom apiVersion, and {} when data is null', async () => {
    const { client, requests } = setup(() => json({ data: null }));
    await expect(client.graphql('{ x }', {}, { apiVersion: 'v1' })).resolves.toEqual({
      data: {},
      errors: undefined,
    });
    expect(requests[0]?.url.pathname).toBe('/graphql/v1');
  });

  it('rejects a non-200 with "GraphQL request failed with status <n>" and the parsed details', async () => {
    const applicationError = { code: 'FORBIDDEN_QUERY', description: 'nope', data: {} };
    const { client } = setup(() => json({ message: 'nope', details: { applicationError } }, { status: 403 }));
    const error = (await client.graphql('{ x }').catch((e: unknown) => e)) as SDKError;
    expect(error).toBeInstanceOf(SDKError);
    expect(error.message).toBe('GraphQL request failed with status 403');
    expect(error.status).toBe(403);
    expect(error.details.applicationError).toEqual(applicationError);
  });
});
