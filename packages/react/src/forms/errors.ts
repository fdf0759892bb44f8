import { type FieldView, isObject } from './field-views.js';
import type { SubmissionValidationError } from './types.js';

/**
 * Turning what went wrong into what the visitor reads: a message per failed value (the same
 * sentences for the client's checks and the platform's answer, from the error type and its
 * params), which field each belongs to, and the form-level message of any other failure.
 */

/** Where the platform points a disabled form's error. */
export const DISABLED_FORM_PATH = 'form.properties.disabled';

const FORMAT_TEXT: Readonly<Record<string, string>> = {
  EMAIL: 'Enter a valid e-mail address, like name@example.com.',
  PHONE: 'Enter a valid phone number, like +1 415 555 2671.',
  URL: 'Enter a valid web address, starting with https://.',
  URI: 'Enter a valid address (URI).',
  DATE: 'Enter a valid date.',
  TIME: 'Enter a valid time.',
  DATE_TIME: 'Enter a valid date and time.',
  DATE_OPTIONAL_TIME: 'Enter a valid date.',
  UUID: 'Enter a valid identifier (UUID).',
  HOSTNAME: 'Enter a valid host name.',
  COLOR_HEX: 'Enter a colour like #1a2b3c.',
  CURRENCY: 'Enter a three-letter currency code, like EUR.',
  LANGUAGE: 'Enter a language code, like en or fr-CA.',
};

const FILE_FORMAT_TEXT: Readonly<Record<string, string>> = {
  IMAGE: 'images',
  VIDEO: 'videos',
  AUDIO: 'audio files',
  DOCUMENT: 'documents (such as PDF)',
  ARCHIVE: 'archives',
  MODEL_3D: '3D models',
};

/** 5242880 → "5 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${Number(value.toFixed(1))} ${units[unit]}`;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The sentence for one failed value of a field (`view`), or of the form when there is none. */
export function validationMessage(error: SubmissionValidationError, view?: FieldView): string {
  if (error.useCustomErrorMessage && error.customErrorMessage) return error.customErrorMessage;
  if (view?.customMessage && error.errorType !== 'REQUIRED_VALUE_ERROR') return view.customMessage;
  const params = error.params ?? {};
  const number = (key: string) => (typeof params[key] === 'number' ? (params[key] as number) : undefined);
  const isFile = view?.control === 'file';
  const choice = view?.control === 'checkboxes';
  switch (error.errorType) {
    case 'REQUIRED_VALUE_ERROR':
      if (view?.control === 'checkbox') return 'Tick this box to continue.';
      if (isFile) return 'Attach a file.';
      return choice || view?.control === 'select' || view?.control === 'radio'
        ? 'Choose an option.'
        : 'This field is required.';
    case 'MAX_LENGTH_ERROR':
      return `Use at most ${plural(number('maxLength') ?? 0, 'character', 'characters')}.`;
    case 'MIN_LENGTH_ERROR':
      return `Use at least ${plural(number('minLength') ?? 0, 'character', 'characters')}.`;
    case 'FORMAT_ERROR':
      if (params.reason === 'FILE_NOT_UPLOADED') return 'This file was not uploaded; choose it again.';
      return FORMAT_TEXT[String(params.format)] ?? 'Enter a value in the expected format.';
    case 'PATTERN_ERROR':
      return 'Enter a value in the expected format.';
    case 'MAX_VALUE_ERROR':
      return `Enter a number no greater than ${number('maximum')}.`;
    case 'MIN_VALUE_ERROR':
      return `Enter a number no less than ${number('minimum')}.`;
    case 'MULTIPLE_OF_VALUE_ERROR':
      return `Enter a multiple of ${number('multipleOf')}.`;
    case 'MAX_ITEMS_ERROR':
      return isFile
        ? `Attach at most ${plural(number('maxItems') ?? 0, 'file', 'files')}.`
        : `Choose at most ${number('maxItems')}.`;
    case 'MIN_ITEMS_ERROR':
      return isFile
        ? `Attach at least ${plural(number('minItems') ?? 0, 'file', 'files')}.`
        : `Choose at least ${number('minItems')}.`;
    case 'NOT_ALLOWED_VALUE_ERROR':
      return notAllowedMessage(params);
    case 'TYPE_ERROR':
      return view?.control === 'number' ? 'Enter a number.' : 'Enter a valid value.';
    case 'UNKNOWN_VALUE_ERROR':
      return `The form has no field "${String(params.property ?? error.errorPath)}".`;
    case 'DISABLED_FORM_ERROR':
      return 'This form is not accepting submissions right now.';
    default:
      return 'Check this value.';
  }
}

function notAllowedMessage(params: Record<string, unknown>): string {
  switch (params.reason) {
    case 'UNSUPPORTED_FILE_FORMAT': {
      const formats = Array.isArray(params.allowedFormats) ? (params.allowedFormats as string[]) : [];
      const kinds = formats.map((format) => FILE_FORMAT_TEXT[format] ?? format.toLowerCase());
      return kinds.length > 0
        ? `This kind of file is not accepted: choose ${kinds.join(' or ')}.`
        : 'This kind of file is not accepted.';
    }
    case 'FILE_SIZE_OVER_LIMIT':
      return typeof params.maxFileSizeBytes === 'number'
        ? `This file is too large: the limit is ${formatBytes(params.maxFileSizeBytes)}.`
        : 'This file is too large.';
    case 'FILE_IN_USE':
      return 'This file belongs to another submission; choose it again.';
    default:
      return params.fileId !== undefined
        ? 'This file is attached twice.'
        : 'Choose one of the allowed values.';
  }
}

/** The target a failed value belongs to: `email`, `attachment/0/fileId` → `attachment`. */
export const targetOfPath = (errorPath: string): string => errorPath.split('/')[0] ?? errorPath;

export interface GroupedErrors {
  /** Messages per target of a shown field (one per failed value, in order, without repeats). */
  readonly fields: Readonly<Record<string, readonly string[]>>;
  /** Messages that belong to no shown field (a disabled form, hidden or unknown fields). */
  readonly form: readonly string[];
}

/** Sorts failed values onto the fields shown (`views` with a control, not hidden) and the form. */
export function groupErrors(
  errors: readonly SubmissionValidationError[],
  views: readonly FieldView[],
): GroupedErrors {
  const shown = new Map(
    views
      .filter((view) => view.control !== undefined && !view.rule.hidden)
      .map((view) => [view.target, view]),
  );
  const fields: Record<string, string[]> = {};
  const form: string[] = [];
  const add = (list: string[], message: string) => {
    if (!list.includes(message)) list.push(message);
  };
  for (const error of errors) {
    const view =
      error.errorPath === DISABLED_FORM_PATH ? undefined : shown.get(targetOfPath(error.errorPath));
    if (view) {
      fields[view.target] ??= [];
      add(fields[view.target]!, validationMessage(error, view));
    } else {
      const field = views.find((candidate) => candidate.target === targetOfPath(error.errorPath));
      const message = validationMessage(error, field);
      add(form, field && error.errorType !== 'DISABLED_FORM_ERROR' ? `${field.label}: ${message}` : message);
    }
  }
  return { fields, form };
}

/** The request path of a violation (`submission.submissions.email`) as a value path (`email`). */
function pathOfViolation(field: string): string {
  if (field === 'submission.formId') return DISABLED_FORM_PATH;
  return field.replace(/^(?:submission\.)?submissions\./, '').replace(/\./g, '/');
}

/**
 * The failed values of a submission the platform refused (an SDKError with a validation error,
 * docs/wire.md §2.1): each violation carries them as `data.errors`; a violation without them is read
 * from its field and rule. Undefined when the error is not a validation error.
 */
export function submissionErrorsOf(error: unknown): SubmissionValidationError[] | undefined {
  const details = isObject(error) && isObject(error.details) ? error.details : undefined;
  const validation = details && isObject(details.validationError) ? details.validationError : undefined;
  if (!validation || !Array.isArray(validation.fieldViolations)) return undefined;
  return validation.fieldViolations.flatMap((violation): SubmissionValidationError[] => {
    if (!isObject(violation)) return [];
    const data = isObject(violation.data) ? violation.data : {};
    if (Array.isArray(data.errors) && data.errors.length > 0) {
      return data.errors.filter(
        (entry): entry is SubmissionValidationError =>
          isObject(entry) && typeof entry.errorType === 'string' && typeof entry.errorPath === 'string',
      );
    }
    const field = typeof violation.field === 'string' ? violation.field : '';
    return [
      {
        errorType: 'UNKNOWN_ERROR',
        errorPath: pathOfViolation(field),
        errorMessage: typeof violation.description === 'string' ? violation.description : undefined,
        params: {},
      },
    ];
  });
}

/** A failure that is not about the values: the platform unreachable, or a refusal. */
export function failureMessage(error: unknown, action: 'submit' | 'upload' | 'load'): string {
  const details = isObject(error) && isObject(error.details) ? error.details : undefined;
  const application = details && isObject(details.applicationError) ? details.applicationError : undefined;
  const code = application?.code;
  const status = isObject(error) && typeof error.status === 'number' ? error.status : undefined;
  const what = { submit: 'send the form', upload: 'upload the file', load: 'load the form' }[action];
  if (code === 'FORM_NOT_FOUND') return 'This form does not exist (any more).';
  if (status === undefined || code === 'UNKNOWN' || status >= 500) {
    return `Could not ${what}: the site cannot be reached. Check your connection and try again.`;
  }
  if (status === 401 || status === 403) return `Could not ${what}: you are not allowed to.`;
  const description = typeof application?.description === 'string' ? application.description : undefined;
  return description ? `Could not ${what}: ${description}` : `Could not ${what}. Please try again.`;
}

/** Upload refusals the visitor can fix by choosing another file, as the failed value they amount to. */
const UPLOAD_REASONS: Readonly<Record<string, string>> = {
  UNSUPPORTED_FILE_FORMAT: 'UNSUPPORTED_FILE_FORMAT',
  MISMATCH_MIME_TYPE: 'UNSUPPORTED_FILE_FORMAT',
  FILE_SIZE_OVER_LIMIT: 'FILE_SIZE_OVER_LIMIT',
};

/**
 * A refused upload of the `index`th file of a file field, as an error beside that field: a wrong
 * kind or size reads as the platform's value errors do; an empty file or an expired URL with the
 * platform's own words. Undefined for failures that are not about the file (network, 5xx).
 */
export function uploadErrorsOf(
  error: unknown,
  view: FieldView,
  index: number,
  fileName: string,
): SubmissionValidationError[] | undefined {
  const details = isObject(error) && isObject(error.details) ? error.details : undefined;
  const application = details && isObject(details.applicationError) ? details.applicationError : undefined;
  const status = isObject(error) && typeof error.status === 'number' ? error.status : undefined;
  if (!application || status === undefined || status >= 500 || application.code === 'UNKNOWN')
    return undefined;
  const errorPath = `${view.target}/${index}/fileId`;
  const reason = UPLOAD_REASONS[String(application.code)];
  const file = view.rule.file;
  if (reason === 'UNSUPPORTED_FILE_FORMAT') {
    return [
      {
        errorType: 'NOT_ALLOWED_VALUE_ERROR',
        errorPath,
        params: { reason, allowedFormats: file?.formats ?? [] },
      },
    ];
  }
  if (reason === 'FILE_SIZE_OVER_LIMIT') {
    return [
      {
        errorType: 'NOT_ALLOWED_VALUE_ERROR',
        errorPath,
        params: { reason, maxFileSizeBytes: file?.maxSizeBytes },
      },
    ];
  }
  const description =
    typeof application.description === 'string' ? application.description : 'it was refused';
  return [
    {
      errorType: 'UNKNOWN_ERROR',
      errorPath,
      customErrorMessage: `Could not upload ${fileName}: ${description}`,
      useCustomErrorMessage: true,
    },
  ];
}
