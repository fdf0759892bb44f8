/**
 * Forms in React (`@atrium/sdk/forms`): `useForm` reads a form's definition (TanStack Query),
 * `SubmissionForm` renders it, checks the values with the platform's own rules, uploads files
 * with a progress bar, shows the platform's errors beside their fields and confirms success.
 */

export { type FieldRule, fieldRules } from '@atrium/contract/forms-validation';
export type { FormsApi, SubmissionInput, SubmittedForm, UploadProgressListener } from './api.js';
export { type LocalFile, type ValidateOptions, validateValues } from './check-values.js';
export { formsApiOf, useFormsApi } from './client.js';
export { groupErrors, submissionErrorsOf, validationMessage } from './errors.js';
export { type FieldControl, type FieldOption, type FieldView, fieldViews } from './field-views.js';
export { SubmissionForm, type SubmissionFormProps } from './submission-form.js';
export type * from './types.js';
export { type FormState, formQueryKeys, useForm } from './use-form.js';
export {
  type FileUpload,
  type SubmissionFormOptions,
  type SubmissionFormState,
  type SubmissionPhase,
  useSubmissionForm,
} from './use-submission-form.js';
