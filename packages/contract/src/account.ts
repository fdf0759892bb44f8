import Type from 'typebox';

/**
 * Request schemas of the member's own account routes (routes/account.ts). Lengths only: the
 * password rules and the e-mail format are the identity service's, answered as field violations.
 */
const Password = Type.String({ maxLength: 1000 });
const Code = Type.String({ maxLength: 32 });

export const ChangeMyPasswordRequest = Type.Object({
  currentPassword: Password,
  newPassword: Password,
});

export const StartLoginEmailChangeRequest = Type.Object({
  newEmail: Type.String({ maxLength: 320 }),
});

export const ConfirmCodeRequest = Type.Object({ code: Code });

export const StartTotpRequest = Type.Object({});

/** Disabling the authenticator needs one proof: a current code from it, or the account's password. */
export const DisableTotpRequest = Type.Object({
  code: Type.Optional(Code),
  password: Type.Optional(Password),
});
