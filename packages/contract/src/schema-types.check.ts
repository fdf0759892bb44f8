import type { Static } from 'typebox';
import type * as Schemas from './index.js';
import type * as Types from './types.js';

// Compile-time only (checked by `npm run lint`): each schema's static type equals its plain
// interface in types.ts. A mismatch fails type checking with the name of the pair.
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Expect<T extends true> = T;

export type SchemaTypeChecks = [
  Expect<Equal<Static<typeof Schemas.FieldViolation>, Types.FieldViolation>>,
  Expect<Equal<Static<typeof Schemas.ApplicationError>, Types.ApplicationError>>,
  Expect<Equal<Static<typeof Schemas.ErrorBody>, Types.ErrorBody>>,
  Expect<Equal<Static<typeof Schemas.TokenResponse>, Types.TokenResponse>>,
  Expect<Equal<Static<typeof Schemas.AuthRequest>, Types.AuthRequest>>,
  Expect<Equal<Static<typeof Schemas.CreateRedirectSessionRequest>, Types.CreateRedirectSessionRequest>>,
  Expect<Equal<Static<typeof Schemas.RedirectSession>, Types.RedirectSession>>,
  Expect<Equal<Static<typeof Schemas.CreateRedirectSessionResponse>, Types.CreateRedirectSessionResponse>>,
  Expect<Equal<Static<typeof Schemas.RegisterRequest>, Types.RegisterRequest>>,
  Expect<Equal<Static<typeof Schemas.LoginRequest>, Types.LoginRequest>>,
  Expect<Equal<Static<typeof Schemas.SignOnRequest>, Types.SignOnRequest>>,
  Expect<Equal<Static<typeof Schemas.ChangePasswordRequest>, Types.ChangePasswordRequest>>,
  Expect<Equal<Static<typeof Schemas.ValidateEmailRequest>, Types.ValidateEmailRequest>>,
  Expect<Equal<Static<typeof Schemas.VerifyFactorRequest>, Types.VerifyFactorRequest>>,
  Expect<Equal<Static<typeof Schemas.StartVerificationRequest>, Types.StartVerificationRequest>>,
  Expect<
    Equal<Static<typeof Schemas.VerifyDuringAuthenticationRequest>, Types.VerifyDuringAuthenticationRequest>
  >,
  Expect<
    Equal<Static<typeof Schemas.ResendDuringAuthenticationRequest>, Types.ResendDuringAuthenticationRequest>
  >,
  Expect<Equal<Static<typeof Schemas.SendRecoveryEmailRequest>, Types.SendRecoveryEmailRequest>>,
  Expect<Equal<Static<typeof Schemas.SendActivationEmailRequest>, Types.SendActivationEmailRequest>>,
  Expect<Equal<Static<typeof Schemas.RecoverRequest>, Types.RecoverRequest>>,
  Expect<Equal<Static<typeof Schemas.SitePolicy>, Types.SitePolicy>>,
  Expect<Equal<Static<typeof Schemas.EnrollFactorRequest>, Types.EnrollFactorRequest>>,
];
