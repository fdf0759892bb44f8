export { AccountMenu, type AccountMenuProps } from './account-menu.js';
export { CodeStep, type CodeStepProps } from './code-step.js';
export { FormError, StatusMessage, TextField, type TextFieldProps, useFocusFirstError } from './fields.js';
export { type AuthErrorContext, type AuthField, authErrorMessage, fieldOfError } from './messages.js';
export {
  ForgotPasswordForm,
  type ForgotPasswordFormProps,
  ResetPasswordForm,
  type ResetPasswordFormProps,
} from './password-forms.js';
export { type CredentialsFormProps, SignInForm, SignUpForm } from './sign-in-form.js';
