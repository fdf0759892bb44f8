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

export interface AuthRequest {
  clientId?: string;
  responseType?: string;
  redirectUri?: string;
  scope?: string;
  state?: string;
  responseMode?: string;
  codeChallenge?: string;
  codeChallengeMethod?: string;
  sessionToken?: string;
  nonce?: string;
  prompt?: string;
  idp?: string;
}

export interface RedirectCallbacks {
  thankYouPageUrl?: string;
  postFlowUrl?: string;
  loginUrl?: string;
  bookingsServiceListUrl?: string;
  cartPageUrl?: string;
  planListUrl?: string;
}

export interface RedirectPreferences {
  useGenericWixPages?: boolean;
  maintainIdentity?: boolean;
  additionalQueryParameters?: Record<string, string>;
  checkIfPublish?: boolean;
}

export interface CreateRedirectSessionRequest {
  bookingsCheckout?: object;
  ecomCheckout?: { checkoutId?: string };
  eventsCheckout?: { reservationId?: string; eventSlug?: string };
  paidPlansCheckout?: { planId?: string; checkoutData?: string };
  login?: object;
  logout?: { clientId?: string };
  auth?: { authRequest?: AuthRequest; prompt?: string };
  storesProduct?: { productSlug?: string };
  bookingsBook?: { resourceId?: string };
  ecomOrderPaymentRequest?: { paymentRequestId?: string };
  callbacks?: RedirectCallbacks;
  preferences?: RedirectPreferences;
  origin?: string;
}

export interface RedirectSession {
  id: string;
  fullUrl: string;
  shortUrl: string;
  sessionToken: string;
  urlDetails: { endpoint: string; searchParams: Record<string, string> };
}

export interface CreateRedirectSessionResponse {
  redirectSession: RedirectSession;
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
export type * from './rich-content-types.js';
export type * from './webhook-types.js';
