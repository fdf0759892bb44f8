/**
 * The stable `code` of each webhook and service plugin error (the `AUTH_ERROR_CODES` pattern):
 * programs branch on `code`; messages are the spec's and the reference's and may be reworded.
 *
 * Every failed verification of a delivery (a malformed token, a signature by another key, an
 * algorithm other than RS256, `exp` passed, `nbf` to come, a `data` claim that is not what it must
 * be, an envelope that does not parse) is the one `JWT is not valid` error (`invalid_jwt`), the
 * reason in `cause`: a receiver answers them all alike, and the reasons stay available for logs.
 *
 * A core file: the code loaded on demand (./errors.ts and its users) writes the codes as literals
 * checked against `WebhookErrorCode`, so that exporting this object from `@atrium/sdk` never pulls
 * that code into a page's first chunk (../../BUNDLE.md §3).
 */
export const WEBHOOK_ERROR_CODES = {
  /** The JWT failed verification or does not hold a delivery; the reason is the error's `cause`. */
  invalidJwt: 'invalid_jwt',
  /** The event's type is neither expected nor handled (`process`, `executeHandlers`). */
  unexpectedEventType: 'unexpected_event_type',
  /** The client's strategy cannot verify JWTs (only `AppStrategy` can). */
  decodeJwtUnsupported: 'decode_jwt_unsupported',
  /** `AppStrategy` was created without `publicKey`. */
  missingPublicKey: 'missing_public_key',
  /** `AppStrategy`'s `publicKey` is not an RSA public key in a form it reads (PEM SPKI, base64 of it, JWK). */
  invalidPublicKey: 'invalid_public_key',
  /** No implementation is registered for the call's component type. */
  servicePluginNotFound: 'service_plugin_not_found',
  /** The request's URL matches no method of the service plugin. */
  servicePluginMethodNotFound: 'service_plugin_method_not_found',
  /** The implementation lacks the method the request is for. */
  servicePluginMethodNotImplemented: 'service_plugin_method_not_implemented',
} as const;

export type WebhookErrorCode = (typeof WEBHOOK_ERROR_CODES)[keyof typeof WEBHOOK_ERROR_CODES];
