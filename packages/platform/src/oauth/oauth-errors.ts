import { ApiError } from '../errors.js';

/** Error codes of the token endpoint (RFC 6749 §5.2). */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'invalid_scope'
  | 'server_error';

/**
 * A token-endpoint error in both vocabularies: the platform's application error (which the
 * reference client reads) and OAuth's `error` / `error_description` (which standard clients read).
 */
export function oauthError(error: OAuthErrorCode, description: string, status = 400): ApiError {
  return new ApiError(status, {
    message: description,
    details: { applicationError: { code: error, description, data: {} } },
    error,
    error_description: description,
  });
}

/** Adds the OAuth fields to an error that has none (schema, body and system errors). */
export function withOAuthFields(apiError: ApiError): ApiError {
  if (apiError.body.error !== undefined) return apiError;
  const error: OAuthErrorCode = apiError.status >= 500 ? 'server_error' : 'invalid_request';
  return new ApiError(apiError.status, { ...apiError.body, error, error_description: apiError.body.message });
}
