import {
  checkFileKindAndSize,
  type FieldRule,
  type FileValuesCheck,
  isObject,
  validateValues as validateWithRules,
} from '@atrium/contract/forms-validation';
import type { SubmissionValidationError } from './types.js';

/**
 * A submission's values checked on the client with the platform's own rules
 * (`@atrium/contract/forms-validation`, the code the platform runs): the same error types, paths
 * and params for the same values, so an error shown before sending is the one the platform would
 * answer. rules.platform.test.ts sends a table of values to the platform's validate endpoint and
 * compares. Pure: no React, no requests.
 *
 * What only a browser has: a file-upload value here may be a file the visitor picked and that is
 * not uploaded yet; it is checked for its kind and size as the platform checks a stored file.
 * Values naming uploaded files are checked for their count only (the platform looks them up).
 */

export interface ValidateOptions {
  /** `fieldsToValidate`: check only these targets. */
  readonly only?: ReadonlySet<string>;
}

/** Every failing value of `values`, in the platform's order. */
export function validateValues(
  rules: readonly FieldRule[],
  values: Readonly<Record<string, unknown>>,
  options: ValidateOptions = {},
): SubmissionValidationError[] {
  return validateWithRules(rules, values, { only: options.only, checkFiles: checkPickedFiles });
}

/** A file the visitor picked, not uploaded yet (a `File`, or anything with its name, type and size). */
export interface LocalFile {
  readonly name: string;
  readonly type: string;
  readonly size: number;
}

export const isLocalFile = (value: unknown): value is LocalFile =>
  isObject(value) &&
  typeof value.size === 'number' &&
  typeof value.type === 'string' &&
  typeof value.name === 'string' &&
  !('fileId' in value);

/**
 * Each picked file's kind and size, reported where the platform reports them for the value that
 * will replace it (`target/index/fileId`, a `{ fileId, … }` value).
 */
const checkPickedFiles: FileValuesCheck = (file, elements, path, report) => {
  elements.forEach((element, index) => {
    if (!isLocalFile(element)) return;
    const contentType = element.type || 'application/octet-stream';
    checkFileKindAndSize(file, { contentType, sizeBytes: element.size }, `${path}/${index}/fileId`, report);
  });
};
