/**
 * The shapes the form components read: a form definition as `forms.getForm` answers it (the
 * reference's typings, docs/wire.md §14) and the platform's submission validation errors (docs/spec.md §8).
 * Structural and loose on purpose: the SDK's `Form` (ids as `_id`) and the wire's (`id`) both fit,
 * and keys a component does not know are simply ignored.
 */

/** A string field's rules (`validation.string`, or `inputOptions.stringOptions.validation`). */
export interface StringValidationDefinition {
  /** EMAIL, PHONE, URL, DATE, TIME, DATE_TIME, … */
  format?: string | null;
  minLength?: number | null;
  maxLength?: number | null;
  pattern?: string | null;
  enum?: readonly string[] | null;
  /** A message the form's author wrote for any failure of this field. */
  errorMessages?: { default?: string | null } | null;
}

export interface NumberValidationDefinition {
  minimum?: number | null;
  maximum?: number | null;
  multipleOf?: number | null;
  enum?: readonly number[] | null;
}

export interface ArrayValidationDefinition {
  minItems?: number | null;
  maxItems?: number | null;
  items?: Record<string, unknown> | null;
}

/** A file-upload field's rules; `maxFileSizeBytes` is the local platform's addition. */
export interface FileValidationDefinition {
  fileLimit?: number | null;
  /** IMAGE, VIDEO, AUDIO, DOCUMENT, ARCHIVE, MODEL_3D. */
  uploadFileFormats?: readonly string[] | null;
  maxFileSizeBytes?: number | null;
}

/** An option of a dropdown, radio group or checkbox group. */
export interface OptionDefinition {
  label?: string | null;
  value?: unknown;
  default?: boolean | null;
}

/**
 * A component's settings (`textInputOptions`, `dropdownOptions`, `fileUploadOptions`, …): the
 * label is text, or rich content for a checkbox.
 */
export interface ComponentOptionsDefinition {
  label?: unknown;
  placeholder?: string | null;
  showLabel?: boolean | null;
  description?: unknown;
  default?: unknown;
  checked?: boolean | null;
  options?: readonly OptionDefinition[] | null;
  buttonText?: string | null;
}

/** One input kind's settings: `stringOptions`, `numberOptions`, … */
export interface InputKindOptionsDefinition {
  componentType?: string | null;
  validation?: object | null;
  [componentOptions: string]: unknown;
}

/** The nested field shape (`inputOptions`) of the reference's typings. */
export interface InputOptionsDefinition {
  target?: string | null;
  required?: boolean | null;
  /** STRING, NUMBER, BOOLEAN, ARRAY, OBJECT, WIX_FILE, … */
  inputType?: string | null;
  readOnly?: boolean | null;
  stringOptions?: InputKindOptionsDefinition | null;
  numberOptions?: InputKindOptionsDefinition | null;
  booleanOptions?: InputKindOptionsDefinition | null;
  arrayOptions?: InputKindOptionsDefinition | null;
  objectOptions?: InputKindOptionsDefinition | null;
  wixFileOptions?: InputKindOptionsDefinition | null;
}

/** The flat field shape's rules (`formFields[].validation`, docs/wire.md §14). */
export interface FlatValidationDefinition {
  required?: boolean | null;
  string?: StringValidationDefinition | null;
  number?: NumberValidationDefinition | null;
  integer?: NumberValidationDefinition | null;
  boolean?: Record<string, unknown> | null;
  array?: ArrayValidationDefinition | null;
  object?: Record<string, unknown> | null;
  predefined?: { format?: string | null; wixFileOptions?: FileValidationDefinition | null } | null;
}

/** One entry of `formFields`, in either shape. */
export interface FormFieldDefinition {
  _id?: string | null;
  id?: string | null;
  /** What the field is for: TEXT_INPUT, TEXT_AREA, CONTACTS_EMAIL, … */
  identifier?: string | null;
  /** INPUT or DISPLAY. */
  fieldType?: string | null;
  hidden?: boolean | null;
  /** Flat shape: the key of the value in a submission, its rules and view properties. */
  target?: string | null;
  validation?: FlatValidationDefinition | null;
  view?: Record<string, unknown> | null;
  readOnly?: boolean | null;
  /** Nested shape. */
  inputOptions?: InputOptionsDefinition | null;
}

/** A form schema as `forms.getForm` answers it. */
export interface FormDefinition {
  _id?: string | null;
  id?: string | null;
  name?: string | null;
  /** False: the form takes no submissions. */
  enabled?: boolean | null;
  formFields?: readonly FormFieldDefinition[] | null;
}

// Submission validation errors (docs/spec.md §8) and file values: the contract's types, shared with the platform.
export type {
  SubmissionErrorType,
  SubmissionValidationError,
  SubmittedFile,
} from '@atrium/contract/types';
