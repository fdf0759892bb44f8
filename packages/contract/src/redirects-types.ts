/** The redirect session's wire shapes (`REDIRECTS_ROUTES`); re-exported by `./types.ts`. */

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
