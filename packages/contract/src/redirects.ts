import Type, { type Static } from 'typebox';
import { Loose, OptionalString } from './schema-kit.js';

/** POST {prefix}/v1/redirect-session (docs/wire.md §6, docs/spec.md §7 Redirect session). */
/** An object that tolerates fields this version does not know (the wire grows). */

export const AuthRequest = Loose({
  clientId: OptionalString,
  responseType: OptionalString,
  redirectUri: OptionalString,
  scope: OptionalString,
  state: OptionalString,
  responseMode: OptionalString,
  codeChallenge: OptionalString,
  codeChallengeMethod: OptionalString,
  sessionToken: OptionalString,
  nonce: OptionalString,
  prompt: OptionalString,
  idp: OptionalString,
});
export type AuthRequest = Static<typeof AuthRequest>;

/** The intents, exactly one of which a request carries. */
export const REDIRECT_INTENTS = [
  'bookingsCheckout',
  'ecomCheckout',
  'eventsCheckout',
  'paidPlansCheckout',
  'login',
  'logout',
  'auth',
  'storesProduct',
  'bookingsBook',
  'ecomOrderPaymentRequest',
] as const;
export type RedirectIntent = (typeof REDIRECT_INTENTS)[number];

export const Callbacks = Loose({
  thankYouPageUrl: OptionalString,
  postFlowUrl: OptionalString,
  loginUrl: OptionalString,
  bookingsServiceListUrl: OptionalString,
  cartPageUrl: OptionalString,
  planListUrl: OptionalString,
});

export const Preferences = Loose({
  useGenericWixPages: Type.Optional(Type.Boolean()),
  maintainIdentity: Type.Optional(Type.Boolean()),
  additionalQueryParameters: Type.Optional(Type.Record(Type.String(), Type.String())),
  checkIfPublish: Type.Optional(Type.Boolean()),
});

export const CreateRedirectSessionRequest = Loose({
  bookingsCheckout: Type.Optional(Loose({})),
  ecomCheckout: Type.Optional(Loose({ checkoutId: OptionalString })),
  eventsCheckout: Type.Optional(Loose({ reservationId: OptionalString, eventSlug: OptionalString })),
  paidPlansCheckout: Type.Optional(Loose({ planId: OptionalString, checkoutData: OptionalString })),
  login: Type.Optional(Loose({})),
  logout: Type.Optional(Loose({ clientId: OptionalString })),
  auth: Type.Optional(Loose({ authRequest: Type.Optional(AuthRequest), prompt: OptionalString })),
  storesProduct: Type.Optional(Loose({ productSlug: OptionalString })),
  bookingsBook: Type.Optional(Loose({ resourceId: OptionalString })),
  ecomOrderPaymentRequest: Type.Optional(Loose({ paymentRequestId: OptionalString })),
  callbacks: Type.Optional(Callbacks),
  preferences: Type.Optional(Preferences),
  origin: OptionalString,
});
export type CreateRedirectSessionRequest = Static<typeof CreateRedirectSessionRequest>;

export const RedirectSession = Type.Object({
  id: Type.String(),
  fullUrl: Type.String(),
  shortUrl: Type.String(),
  sessionToken: Type.String(),
  urlDetails: Type.Object({
    endpoint: Type.String(),
    searchParams: Type.Record(Type.String(), Type.String()),
  }),
});
export type RedirectSession = Static<typeof RedirectSession>;

export const CreateRedirectSessionResponse = Type.Object({ redirectSession: RedirectSession });
export type CreateRedirectSessionResponse = Static<typeof CreateRedirectSessionResponse>;
