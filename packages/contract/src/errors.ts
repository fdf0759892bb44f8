import Type, { type Static } from 'typebox';

/**
 * Error bodies (docs/wire.md §2.1). Every non-200 answer of the platform has this
 * shape: a message, and details holding either an application error or a validation error.
 */
export const FieldViolation = Type.Object({
  field: Type.String(),
  description: Type.String(),
  violatedRule: Type.Optional(Type.String()),
  data: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});
export type FieldViolation = Static<typeof FieldViolation>;

export const ApplicationError = Type.Object({
  code: Type.String(),
  description: Type.String(),
  data: Type.Record(Type.String(), Type.Unknown()),
});
export type ApplicationError = Static<typeof ApplicationError>;

export const ErrorBody = Type.Object({
  message: Type.String(),
  details: Type.Object({
    applicationError: Type.Optional(ApplicationError),
    validationError: Type.Optional(Type.Object({ fieldViolations: Type.Array(FieldViolation) })),
  }),
  /** OAuth 2.0 (RFC 6749 §5.2) error code, present on token-endpoint errors only. */
  error: Type.Optional(Type.String()),
  error_description: Type.Optional(Type.String()),
});
export type ErrorBody = Static<typeof ErrorBody>;

export { statusCode } from './routes.js';
