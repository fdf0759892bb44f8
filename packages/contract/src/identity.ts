import Type, { type Static } from 'typebox';
import { Loose, OptionalBoolean, OptionalString } from './schema-kit.js';
import type * as Wire from './types.js';

/**
 * Request schemas of the identity services (docs/wire.md §5) and of the local platform's admin API.
 * Deep, open-ended shapes (profiles, factor data) are checked by the services; the schemas pin the
 * fields every rule reads. Responses are the plain interfaces of types.ts.
 */

export const LoginId = Loose({ email: OptionalString });
/** Validated field by field by the identity service (types, lengths, tags). */
export const IdentityProfile = Type.Unsafe<Wire.IdentityProfile>(
  Type.Object({}, { additionalProperties: true }),
);
export const CaptchaToken = Loose({
  Recaptcha: OptionalString,
  InvisibleRecaptcha: OptionalString,
  NoCaptcha: OptionalString,
});
const ClientMetaData = Type.Record(Type.String(), Type.String());
const CodeData = Loose({ code: OptionalString });

export const RegisterRequest = Loose({
  loginId: LoginId,
  password: OptionalString,
  profile: Type.Optional(IdentityProfile),
  captchaTokens: Type.Optional(Type.Array(CaptchaToken)),
  clientMetaData: Type.Optional(ClientMetaData),
});

export const LoginRequest = Loose({
  loginId: LoginId,
  password: OptionalString,
  captchaTokens: Type.Optional(Type.Array(CaptchaToken)),
  clientMetaData: Type.Optional(ClientMetaData),
  stateToken: OptionalString,
});

export const SignOnRequest = Loose({
  loginId: LoginId,
  profile: Type.Optional(IdentityProfile),
  verifyEmail: OptionalBoolean,
  mergeExistingContact: OptionalBoolean,
});

export const ChangePasswordRequest = Loose({ newPassword: Type.String() });
export const ValidateEmailRequest = Loose({ email: Type.String() });

export const VerifyFactorRequest = Loose({
  stateToken: Type.String(),
  factorType: Type.Optional(
    Type.Unsafe<Wire.FactorType>(
      Type.Union(
        ['PASSWORD', 'SMS', 'CALL', 'EMAIL', 'TOTP', 'PUSH', 'WEBAUTHN', 'RECOVERY_CODE'].map((t) =>
          Type.Literal(t),
        ),
      ),
    ),
  ),
  rememberThisDevice: OptionalBoolean,
  smsData: Type.Optional(
    Loose({ code: OptionalString, deliveryMethod: OptionalString, templateId: OptionalString }),
  ),
  callData: Type.Optional(CodeData),
  emailData: Type.Optional(CodeData),
  totpData: Type.Optional(CodeData),
  pushData: Type.Optional(Loose({ transactionId: OptionalString })),
  webauthnData: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  recoveryCodeData: Type.Optional(CodeData),
  passwordData: Type.Optional(Loose({ password: OptionalString })),
});

export const StartVerificationRequest = Loose({
  identityId: OptionalString,
  target: Type.Optional(Type.Literal('EMAIL')),
});
export const VerifyDuringAuthenticationRequest = Loose({ code: Type.String(), stateToken: Type.String() });
export const ResendDuringAuthenticationRequest = Loose({ stateToken: Type.String() });

const RecoveryRedirect = Loose({ url: OptionalString, clientId: OptionalString });
export const SendRecoveryEmailRequest = Loose({
  email: Type.String(),
  language: OptionalString,
  redirect: Type.Optional(RecoveryRedirect),
});
export const SendActivationEmailRequest = Loose({
  identityId: Type.String(),
  emailOptions: Type.Optional(Loose({ language: OptionalString, redirect: Type.Optional(RecoveryRedirect) })),
});
export const RecoverRequest = Loose({ recoveryToken: Type.String(), password: OptionalString });

export const SitePolicy = Type.Object({
  registration: Type.Union([Type.Literal('open'), Type.Literal('approval'), Type.Literal('verify-email')]),
  captcha: Type.Boolean(),
});
export const EnrollFactorRequest = Type.Object({
  factorType: Type.Union([Type.Literal('TOTP'), Type.Literal('EMAIL')]),
});

/** ADMIN_ROUTES.createMember: the owner adds a member (ACTIVE, or invited by e-mail). */
const ProfileName = Type.Optional(Type.String({ maxLength: 100 }));
export const CreateMemberRequest = Type.Object(
  {
    email: Type.String({ maxLength: 254 }),
    /** Not with `invite`: an invited member chooses their own. */
    password: Type.Optional(Type.String({ maxLength: 256 })),
    firstName: ProfileName,
    lastName: ProfileName,
    nickname: ProfileName,
    /** Mail them a link to choose a password instead of creating the account ready to use. */
    invite: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
/** ADMIN_ROUTES.memberEmail. */
export const MemberEmailRequest = Type.Object(
  {
    kind: Type.Union([
      Type.Literal('PASSWORD_RESET'),
      Type.Literal('SIGN_IN_LINK'),
      Type.Literal('INVITATION'),
    ]),
  },
  { additionalProperties: false },
);

export type RegisterRequest = Static<typeof RegisterRequest>;
export type LoginRequest = Static<typeof LoginRequest>;
