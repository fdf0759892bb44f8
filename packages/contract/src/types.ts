/**
 * The wire shapes as plain TypeScript interfaces, importable without the schema library (the SDK
 * takes its types from here). `schema-types.check.ts` proves each schema's static type equals its
 * interface, so the two cannot drift.
 */

/**
 * A JSON object as it crosses the wire: parsed, not yet read field by field. The project's one name
 * for it (the SDK, the platform and the React package import it from here).
 */
export type Json = Record<string, unknown>;

export interface FieldViolation {
  field: string;
  description: string;
  violatedRule?: string;
  data?: Record<string, unknown>;
}

export interface ApplicationError {
  code: string;
  description: string;
  data: Record<string, unknown>;
}

export interface ErrorBody {
  message: string;
  details: {
    applicationError?: ApplicationError;
    validationError?: { fieldViolations: FieldViolation[] };
  };
  error?: string;
  error_description?: string;
}

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  scope?: string;
}

export type * from './account-types.js';
export type * from './blog-request-types.js';
export type * from './blog-types.js';
export type * from './data-collection-types.js';
export type * from './data-types.js';
export type * from './forms-types.js';
export type * from './gallery-types.js';
export type * from './identity-types.js';
export type * from './members-types.js';
export type * from './platform-types.js';
export type * from './redirects-types.js';
export type * from './rich-content-types.js';
export type * from './webhook-types.js';
