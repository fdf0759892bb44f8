import { describe, expect, it } from 'vitest';
import { ApiError, applicationError, httpError, toApiError, validationError } from './errors.js';

/** The body of an application error: the description is the message too. */
const applicationErrorBody = (code: string, description: string, data: Record<string, unknown>) => ({
  message: description,
  details: { applicationError: { code, description, data } },
});

describe('error constructors', () => {
  it('validationError lists each violation in the INVALID_ARGUMENT message', () => {
    const error = validationError([
      { field: 'loginId.email', description: 'not a valid email', violatedRule: 'FORMAT' },
      { field: 'password', description: 'is required' },
    ]);
    expect(error.status).toBe(400);
    expect(error.body).toEqual({
      message: 'INVALID_ARGUMENT: "loginId.email" not a valid email, "password" is required',
      details: {
        validationError: {
          fieldViolations: [
            { field: 'loginId.email', description: 'not a valid email', violatedRule: 'FORMAT' },
            { field: 'password', description: 'is required' },
          ],
        },
      },
    });
  });

  it('applicationError carries code, description and data', () => {
    const error = applicationError(404, 'GALLERY_NOT_FOUND', 'No gallery with id g', { galleryId: 'g' });
    expect(error.body).toEqual(
      applicationErrorBody('GALLERY_NOT_FOUND', 'No gallery with id g', { galleryId: 'g' }),
    );
  });

  it('httpError names the code after the status text', () => {
    expect(httpError(413, 'too big').body.details.applicationError?.code).toBe('PAYLOAD_TOO_LARGE');
    expect(httpError(415, 'no').body.details.applicationError?.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});

describe('toApiError', () => {
  it('keeps an ApiError as it is', () => {
    const error = httpError(404, 'gone');
    expect(toApiError(error, 'r1')).toBe(error);
  });

  it('turns schema errors into field violations with dotted paths', () => {
    const schemaError = Object.assign(new Error('body/clientId must be string'), {
      code: 'FST_ERR_VALIDATION',
      statusCode: 400,
      validationContext: 'body',
      validation: [
        { keyword: 'type', instancePath: '/clientId', params: { type: 'string' }, message: 'must be string' },
        {
          keyword: 'required',
          instancePath: '/auth',
          params: { requiredProperties: ['authRequest'] },
          message: 'x',
        },
        { keyword: 'type', instancePath: '', params: { type: 'object' }, message: 'must be object' },
      ],
    });
    const error = toApiError(schemaError, 'r1');
    expect(error.status).toBe(400);
    expect(error.body.details.validationError?.fieldViolations).toEqual([
      { field: 'clientId', description: 'must be string', violatedRule: 'TYPE' },
      { field: 'auth.authRequest', description: 'is required', violatedRule: 'REQUIRED' },
      { field: 'body', description: 'must be object', violatedRule: 'TYPE' },
    ]);
    expect(error.message).toBe(
      'INVALID_ARGUMENT: "clientId" must be string, "auth.authRequest" is required, "body" must be object',
    );
  });

  it("turns Fastify's own 4xx into status-named errors", () => {
    const tooLarge = Object.assign(new Error('Request body is too large'), {
      code: 'FST_ERR_CTP_BODY_TOO_LARGE',
      statusCode: 413,
    });
    expect(toApiError(tooLarge, 'r1').body).toEqual(
      applicationErrorBody('PAYLOAD_TOO_LARGE', 'Request body is too large', { requestId: 'r1' }),
    );
  });

  it('hides anything unexpected behind a system error naming the request id', () => {
    const libraryError = Object.assign(new Error('internal detail'), { code: 'E_LIB', statusCode: 400 });
    for (const thrown of [
      libraryError,
      new TypeError('x is undefined'),
      'a string',
      Object.assign(new Error('db down'), { code: 'ECONNREFUSED' }),
    ]) {
      const error = toApiError(thrown, 'req-7');
      expect(error).toBeInstanceOf(ApiError);
      expect(error.status).toBe(500);
      expect(error.body.message).toBe('System error occurred, request-id: req-7');
      expect(error.body.details.applicationError?.data).toEqual({ requestId: 'req-7' });
    }
  });
});
