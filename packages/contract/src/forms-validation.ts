import { allowsContentType } from './forms-file-kinds.js';
import { hasFormat } from './forms-formats.js';
import {
  type ArrayRule,
  compilePattern,
  type FieldRule,
  type FileRule,
  isObject,
  type NumberRule,
  type StringRule,
} from './forms-rules.js';
import type { SubmissionErrorType, SubmissionValidationError } from './forms-types.js';

/**
 * Form submission validation (docs/spec.md §8), one implementation for the platform and the browser: a
 * submission's values checked against its form's rules (forms-rules.ts). Every failing value is
 * reported (not only the first), each with the spec's error type, the path of the value (`email`,
 * `tags/2`, `files/0/fileId`, as the hosted platform writes it), params and an English message, so
 * an error a browser shows before sending is the one the platform would answer.
 *
 * Pure and dependency-free (no schema library, no Node built-ins): the zero-dependency client
 * packages bundle it. What only one side can check is passed in: the elements of a file-upload
 * value (`checkFiles`; the platform looks up stored files, a browser checks the files picked),
 * both through `checkFileKindAndSize`.
 */

export * from './forms-file-kinds.js';
export * from './forms-formats.js';
export * from './forms-rules.js';

/** Reports one failed value. */
export type ReportError = (
  errorType: SubmissionErrorType,
  errorPath: string,
  errorMessage: string,
  params?: Record<string, unknown>,
) => void;

/**
 * Checks the elements of one file-upload value (`path` is the field's target), after its count was
 * checked against `file.fileLimit`.
 */
export type FileValuesCheck = (
  file: FileRule,
  elements: readonly unknown[],
  path: string,
  report: ReportError,
) => void;

export interface ValidateOptions {
  /** `fieldsToValidate`: check only these targets. */
  readonly only?: ReadonlySet<string>;
  /** How the elements of a file-upload value are checked. Absent: their count only. */
  readonly checkFiles?: FileValuesCheck;
}

/** Missing: absent, null, empty text or an empty list. */
export const isEmpty = (value: unknown): boolean =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * The elements of a file-upload value: a list of `{ fileId, displayName?, url?, fileType? }` (the
 * hosted headless forms' `WixFile`), of URLs of uploaded files, or (in a browser) of picked files.
 * A single element is taken as a list of one.
 */
export const fileElements = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);

/** Every failing value of `values` (not only the first), in a stable order: fields, then unknown keys. */
export function validateValues(
  rules: readonly FieldRule[],
  values: Readonly<Record<string, unknown>>,
  options: ValidateOptions = {},
): SubmissionValidationError[] {
  const errors: SubmissionValidationError[] = [];
  const report: ReportError = (errorType, errorPath, errorMessage, params = {}) =>
    errors.push({ errorType, errorPath, errorMessage, params, useCustomErrorMessage: false });
  const wanted = (target: string) => options.only === undefined || options.only.has(target);
  const known = new Set(rules.map((rule) => rule.target));

  for (const rule of rules) {
    if (!wanted(rule.target)) continue;
    const value = values[rule.target];
    if (isEmpty(value)) {
      if (rule.required && !rule.hidden) {
        report('REQUIRED_VALUE_ERROR', rule.target, `"${rule.target}" is required`, {
          property: rule.target,
        });
      }
      continue;
    }
    checkValue(rule, value, rule.target, options, report);
  }
  for (const key of Object.keys(values)) {
    if (!known.has(key) && wanted(key)) {
      report('UNKNOWN_VALUE_ERROR', key, `"${key}" is not a field of this form`, { property: key });
    }
  }
  return errors;
}

function checkValue(
  rule: FieldRule,
  value: unknown,
  path: string,
  options: ValidateOptions,
  report: ReportError,
): void {
  switch (rule.kind) {
    case 'string':
      checkString(rule.string ?? {}, value, path, report);
      return;
    case 'number':
    case 'integer':
      checkNumber(rule.number ?? {}, rule.kind === 'integer', value, path, report);
      return;
    case 'boolean':
      if (typeof value !== 'boolean') typeError(path, 'a boolean', report);
      return;
    case 'array':
      checkArray(rule.array ?? {}, value, path, report);
      return;
    case 'object':
      if (!isObject(value)) typeError(path, 'an object', report);
      return;
    case 'file':
      checkFiles(rule.file!, value, path, options, report);
      return;
    case 'any':
      return;
  }
}

/** A value (or element) of the wrong type: `expected` says what it must be. */
export const typeError = (path: string, expected: string, report: ReportError): void =>
  report('TYPE_ERROR', path, `"${path}" must be ${expected}`, { expected });

function checkString(rule: StringRule, value: unknown, path: string, report: ReportError): void {
  if (typeof value !== 'string') {
    typeError(path, 'a string', report);
    return;
  }
  // Lengths in characters (code points), not UTF-16 units.
  const length = [...value].length;
  if (rule.maxLength !== undefined && length > rule.maxLength) {
    report('MAX_LENGTH_ERROR', path, `"${path}" must be at most ${rule.maxLength} characters`, {
      maxLength: rule.maxLength,
    });
  }
  if (rule.minLength !== undefined && length < rule.minLength) {
    report('MIN_LENGTH_ERROR', path, `"${path}" must be at least ${rule.minLength} characters`, {
      minLength: rule.minLength,
    });
  }
  if (rule.format !== undefined && !hasFormat(value, rule.format)) {
    report('FORMAT_ERROR', path, `"${path}" must be a valid ${rule.format} value`, { format: rule.format });
  }
  if (rule.pattern !== undefined && compilePattern(rule.pattern)?.test(value) === false) {
    report('PATTERN_ERROR', path, `"${path}" must match the pattern ${rule.pattern}`, {
      pattern: rule.pattern,
    });
  }
  if (rule.enum !== undefined && !rule.enum.includes(value)) {
    report('NOT_ALLOWED_VALUE_ERROR', path, `"${path}" must be one of the allowed values`, {
      allowedValues: rule.enum,
    });
  }
}

function checkNumber(
  rule: NumberRule,
  integer: boolean,
  value: unknown,
  path: string,
  report: ReportError,
): void {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    typeError(path, 'a number', report);
    return;
  }
  if (integer && !Number.isInteger(value)) {
    typeError(path, 'an integer', report);
    return;
  }
  if (rule.maximum !== undefined && value > rule.maximum) {
    report('MAX_VALUE_ERROR', path, `"${path}" must be at most ${rule.maximum}`, { maximum: rule.maximum });
  }
  if (rule.minimum !== undefined && value < rule.minimum) {
    report('MIN_VALUE_ERROR', path, `"${path}" must be at least ${rule.minimum}`, { minimum: rule.minimum });
  }
  if (rule.multipleOf !== undefined && !isMultipleOf(value, rule.multipleOf)) {
    report('MULTIPLE_OF_VALUE_ERROR', path, `"${path}" must be a multiple of ${rule.multipleOf}`, {
      multipleOf: rule.multipleOf,
    });
  }
  if (rule.enum !== undefined && !rule.enum.includes(value)) {
    report('NOT_ALLOWED_VALUE_ERROR', path, `"${path}" must be one of the allowed values`, {
      allowedValues: rule.enum,
    });
  }
}

/** Tolerates binary rounding (0.3 is a multiple of 0.1). */
function isMultipleOf(value: number, divisor: number): boolean {
  const quotient = value / divisor;
  return Math.abs(quotient - Math.round(quotient)) <= 1e-9 * Math.max(1, Math.abs(quotient));
}

function checkArray(rule: ArrayRule, value: unknown, path: string, report: ReportError): void {
  if (!Array.isArray(value)) {
    typeError(path, 'an array', report);
    return;
  }
  if (rule.maxItems !== undefined && value.length > rule.maxItems) {
    report('MAX_ITEMS_ERROR', path, `"${path}" must have at most ${rule.maxItems} items`, {
      maxItems: rule.maxItems,
    });
  }
  if (rule.minItems !== undefined && value.length < rule.minItems) {
    report('MIN_ITEMS_ERROR', path, `"${path}" must have at least ${rule.minItems} items`, {
      minItems: rule.minItems,
    });
  }
  const items = rule.items;
  if (items === undefined) return;
  value.forEach((element, index) => {
    const at = `${path}/${index}`;
    if (items.kind === 'string') checkString(items.string ?? {}, element, at, report);
    else if (items.kind === 'number' || items.kind === 'integer')
      checkNumber(items.number ?? {}, items.kind === 'integer', element, at, report);
    else if (items.kind === 'boolean' && typeof element !== 'boolean') typeError(at, 'a boolean', report);
    else if (items.kind === 'object' && !isObject(element)) typeError(at, 'an object', report);
  });
}

// ── File-upload fields ─────────────────────────────────────────────────────────────────────────

function checkFiles(
  file: FileRule,
  value: unknown,
  path: string,
  options: ValidateOptions,
  report: ReportError,
): void {
  const elements = fileElements(value);
  if (elements.length > file.fileLimit) {
    report('MAX_ITEMS_ERROR', path, `"${path}" takes at most ${file.fileLimit} file(s)`, {
      maxItems: file.fileLimit,
    });
  }
  options.checkFiles?.(file, elements, path, report);
}

/**
 * One file of a file-upload value (stored, or picked and not uploaded yet) against the field's
 * kinds and size, reported at `where` (`target/index/fileId` for a `{ fileId, … }` value).
 */
export function checkFileKindAndSize(
  file: FileRule,
  { contentType, sizeBytes }: { readonly contentType: string; readonly sizeBytes: number },
  where: string,
  report: ReportError,
): void {
  if (!allowsContentType(file.formats, contentType)) {
    report(
      'NOT_ALLOWED_VALUE_ERROR',
      where,
      `"${where}" is a ${contentType} file, which this field does not take`,
      {
        reason: 'UNSUPPORTED_FILE_FORMAT',
        allowedFormats: file.formats ?? [],
      },
    );
  }
  if (sizeBytes > file.maxSizeBytes) {
    report('NOT_ALLOWED_VALUE_ERROR', where, `"${where}" is larger than ${file.maxSizeBytes} bytes`, {
      reason: 'FILE_SIZE_OVER_LIMIT',
      maxFileSizeBytes: file.maxSizeBytes,
    });
  }
}
