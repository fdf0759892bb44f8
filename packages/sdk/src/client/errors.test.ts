import { describe, expect, it } from 'vitest';
import { ApiKeyStrategy } from '../auth/api-key-strategy.js';
import { redirects } from '../services/redirects/index.js';
import { fakeFetch, json, type Responder } from '../testing/fake-fetch.js';
import { createClient } from './create-client.js';
import { SDKError } from './errors.js';

/** Calls createRedirectSession against `responder` and returns what it rejects with. */
async function failure(responder: Responder): Promise<SDKError> {
  const { fetch } = fakeFetch(responder);
  const client = createClient({ auth: ApiKeyStrategy({ apiKey: 'k' }), modules: { redirects }, fetch });
  const error = await client.redirects.createRedirectSession({ login: {} }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(SDKError);
  return error as SDKError;
}

const withId = (body: unknown, status: number, statusText?: string) => () =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    statusText,
    headers: { 'x-wix-request-id': 'rid-7' },
  });

describe('SDKError (docs/spec.md §8, docs/wire.md §2)', () => {
  it('validation: INVALID_ARGUMENT with violations sorted by field', async () => {
    const fieldViolations = [
      {
        field: 'loginId.email',
        description: 'not a valid email',
        violatedRule: 'FORMAT',
        data: { type: 'EMAIL' },
      },
      { field: 'callbacks', description: 'must be an object' },
    ];
    const error = await failure(
      withId({ message: 'invalid', details: { validationError: { fieldViolations } } }, 400),
    );
    expect(error.message).toBe(
      'INVALID_ARGUMENT: "callbacks" must be an object, "loginId.email" not a valid email',
    );
    expect(error.code).toBe('INVALID_ARGUMENT');
    expect(error.status).toBe(400);
    expect(error.requestId).toBe('rid-7');
    expect(error.details).toEqual({ validationError: { fieldViolations }, requestId: 'rid-7' });
  });

  it('application: "<message>: <description>" with code and data', async () => {
    const applicationError = {
      code: 'GALLERY_NOT_FOUND',
      description: 'No gallery with id g',
      data: { galleryId: 'g' },
    };
    const body = { message: 'Gallery not found', details: { applicationError } };
    const error = await failure(withId(body, 404));
    expect(error.message).toBe('Gallery not found: No gallery with id g');
    expect(error.details).toEqual({ applicationError, requestId: 'rid-7' });
    expect(error.code).toBe('GALLERY_NOT_FOUND');
    expect(error.response).toEqual({ data: body, status: 404, statusText: 'Not Found' });
  });

  it('application: just the message when it equals the description', async () => {
    const applicationError = { code: '-19995', description: 'Email exists', data: {} };
    const error = await failure(withId({ message: 'Email exists', details: { applicationError } }, 409));
    expect(error.message).toBe('Email exists');
    expect(error.code).toBe('-19995');
  });

  it('other 4xx: the status text upper-snake-cased, described by the body message', async () => {
    const error = await failure(withId({ message: 'No such session', details: {} }, 404));
    expect(error.message).toBe('No such session');
    expect(error.details.applicationError).toEqual({
      code: 'NOT_FOUND',
      description: 'No such session',
      data: {},
    });
  });

  it('other 4xx without a body: the status text, whatever the server called it', async () => {
    const error = await failure(withId(undefined, 403, 'Forbidden'));
    expect(error.message).toBe('Forbidden');
    expect(error.code).toBe('FORBIDDEN');
    const teapot = await failure(withId(undefined, 418, "I'm a teapot"));
    expect(teapot.code).toBe('I_M_A_TEAPOT');
  });

  it('413: payload too large', async () => {
    const error = await failure(withId(undefined, 413, 'Request Entity Too Large'));
    expect(error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(error.message).toBe('Payload Too Large');
    expect(error.status).toBe(413);
  });

  it('500: a system error naming the request id', async () => {
    const error = await failure(withId({ message: 'boom' }, 500));
    expect(error.message).toBe('System error occurred, request-id: rid-7');
    expect(error.code).toBe('UNKNOWN');
    expect(error.status).toBe(500);
  });

  it('network failure: a system error without request id, keeping the cause', async () => {
    const cause = new TypeError('fetch failed');
    const error = await failure(() => {
      throw cause;
    });
    expect(error.message).toBe('System error occurred');
    expect(error.code).toBe('UNKNOWN');
    expect(error.cause).toBe(cause);
    expect(error.status).toBeUndefined();
  });

  it('non-JSON 200: a system error', async () => {
    const error = await failure(
      () => new Response('<html>proxy</html>', { status: 200, headers: { 'x-wix-request-id': 'rid-9' } }),
    );
    expect(error.message).toBe('System error occurred, request-id: rid-9');
    expect(error.cause).toBeInstanceOf(SyntaxError);
  });

  it('empty 200: a system error', async () => {
    const error = await failure(() => new Response(null, { status: 200 }));
    expect(error.message).toBe('System error occurred');
  });

  it('201 is not success (only 200 is)', async () => {
    const error = await failure(() => json({ redirectSession: {} }, { status: 201 }));
    expect(error.status).toBe(201);
    expect(error.code).toBe('CREATED');
  });
});
