import {
  checkFileKindAndSize,
  type FieldRule,
  type FileValuesCheck,
  fileElements,
  isEmpty,
  isObject,
  type ReportError,
  typeError,
  validateValues as validateWithRules,
} from '@atrium/contract/forms-validation';
import type { SubmissionValidationError } from '@atrium/contract/types';

/**
 * A submission's values checked against its form's rules (docs/spec.md §8): the checks shared with the
 * browser (`@atrium/contract/forms-validation`), plus what only the platform can check, the files
 * a file-upload value names. Pure: those files are looked up beforehand (`fileReferences`) and
 * passed in.
 */

/** A file uploaded for a form (table form_files). */
export interface StoredFormFile {
  readonly fileId: string;
  readonly formId: string;
  /** The path part of the file's URL: how a URL value is matched, whatever host served it. */
  readonly urlPath: string;
  readonly filename: string;
  readonly contentType: string;
  readonly sizeBytes: number;
  readonly submissionId: string | null;
}

export interface FileLookup {
  readonly byId: ReadonlyMap<string, StoredFormFile>;
  readonly byPath: ReadonlyMap<string, StoredFormFile>;
}

export interface ValidationScope {
  readonly formId: string;
  readonly files: FileLookup;
  /** The submission being updated: its own files are valid values. */
  readonly submissionId?: string;
  /** `fieldsToValidate`: check only these targets. */
  readonly only?: ReadonlySet<string>;
}

export function validateValues(
  rules: readonly FieldRule[],
  values: Readonly<Record<string, unknown>>,
  scope: ValidationScope,
): SubmissionValidationError[] {
  return validateWithRules(rules, values, { only: scope.only, checkFiles: storedFiles(scope) });
}

// ── File-upload fields ─────────────────────────────────────────────────────────────────────────

// A file-upload value names files by `{ fileId, displayName?, url?, fileType? }` (the hosted
// headless forms' `WixFile`, what their upload helper submits) or by URL as `getMediaUploadUrl`'s
// upload answered it (the hosted docs: "use the generated URL as the value for the file upload
// field"); a single element is taken as a list of one (`fileElements`).

/** The path part of an absolute URL, or undefined. */
export function urlPath(value: string): string | undefined {
  try {
    return new URL(value).pathname;
  } catch {
    return undefined;
  }
}

/** Which file ids and URL paths a submission's file values name, for one lookup before validating. */
export function fileReferences(
  rules: readonly FieldRule[],
  values: Readonly<Record<string, unknown>>,
): { ids: string[]; paths: string[] } {
  const ids: string[] = [];
  const paths: string[] = [];
  for (const rule of rules) {
    if (rule.kind !== 'file' || isEmpty(values[rule.target])) continue;
    for (const element of fileElements(values[rule.target])) {
      if (isObject(element) && typeof element.fileId === 'string') ids.push(element.fileId);
      else if (typeof element === 'string') {
        const path = urlPath(element);
        if (path !== undefined) paths.push(path);
      }
    }
  }
  return { ids, paths };
}

/** The stored files a file value names, in order (undefined where a reference is unusable). */
export function resolveFiles(value: unknown, files: FileLookup): (StoredFormFile | undefined)[] {
  return fileElements(value).map((element) => {
    if (isObject(element) && typeof element.fileId === 'string') return files.byId.get(element.fileId);
    if (typeof element === 'string') {
      const path = urlPath(element);
      return path === undefined ? undefined : files.byPath.get(path);
    }
    return undefined;
  });
}

/**
 * Each element of a file-upload value names a stored file of this form, each file once, none of
 * another submission, each within the field's kinds and size.
 */
function storedFiles(scope: ValidationScope): FileValuesCheck {
  return (file, elements, path, report) => {
    const seen = new Set<string>();
    for (const [index, element] of elements.entries()) {
      const at = `${path}/${index}`;
      const stored = storedFileOf(element, at, scope, report);
      if (stored === undefined) continue;
      const where = isObject(element) ? `${at}/fileId` : at;
      if (seen.has(stored.fileId)) {
        report('NOT_ALLOWED_VALUE_ERROR', where, `"${where}" repeats a file`, { fileId: stored.fileId });
        continue;
      }
      seen.add(stored.fileId);
      if (stored.submissionId !== null && stored.submissionId !== scope.submissionId) {
        report('NOT_ALLOWED_VALUE_ERROR', where, `"${where}" belongs to another submission`, {
          reason: 'FILE_IN_USE',
        });
      }
      checkFileKindAndSize(file, stored, where, report);
    }
  };
}

/** The stored file of this form one element names, or undefined after reporting why there is none. */
function storedFileOf(
  element: unknown,
  at: string,
  scope: ValidationScope,
  report: ReportError,
): StoredFormFile | undefined {
  const named = isObject(element);
  if (named && typeof element.fileId !== 'string') {
    typeError(`${at}/fileId`, 'a string', report);
    return undefined;
  }
  if (!named && typeof element !== 'string') {
    typeError(at, 'a file ({ fileId, displayName, url }) or the URL of an uploaded file', report);
    return undefined;
  }
  const where = named ? `${at}/fileId` : at;
  const stored = resolveFiles(element, scope.files)[0];
  const urlMatches =
    !named ||
    typeof element.url !== 'string' ||
    stored === undefined ||
    urlPath(element.url) === stored.urlPath;
  if (stored === undefined || stored.formId !== scope.formId || !urlMatches) {
    report('FORMAT_ERROR', where, `"${where}" is not a file uploaded for this form (see getMediaUploadUrl)`, {
      reason: 'FILE_NOT_UPLOADED',
    });
    return undefined;
  }
  return stored;
}
