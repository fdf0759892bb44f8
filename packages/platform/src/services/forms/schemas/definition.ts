import { randomUUID } from 'node:crypto';
import {
  type FieldViolation,
  FORM_STRING_FORMATS,
  FORMS_LIMITS,
  UPLOAD_FILE_FORMATS,
} from '@atrium/contract';
import {
  compilePattern,
  type FieldRule,
  fieldRule,
  isObject,
  type NumberRule,
  type StringRule,
} from '@atrium/contract/forms-validation';
import type { FormField, FormInput } from '@atrium/contract/types';
import { validationError } from '../../../errors.js';

/**
 * Form definitions: what a form schema may say. Fields come in the two shapes of the reference's
 * typings (docs/wire.md §14), the flat one and the nested one; both are stored verbatim (unknown keys
 * too). The rules a submission is checked against are read from them by `fieldRules`
 * (`@atrium/contract/forms-validation`), shared with the browser; this file checks those rules
 * make sense, gives fields ids and answers the platform's 400s.
 */

const present = <T>(value: T | null | undefined): value is T => value !== undefined && value !== null;

/** The hosted platform's naming rule for a field's target (an ASCII letter, then letters, digits, `_`). */
const TARGET = /^[A-Za-z][A-Za-z0-9_]{0,199}$/;
const STRING_FORMATS: ReadonlySet<string> = new Set(FORM_STRING_FORMATS);
const FILE_FORMATS: ReadonlySet<string> = new Set(UPLOAD_FILE_FORMATS);

/**
 * Checks a form schema of a create (`namespace` required) or an update (only what it sends), and
 * gives every field an id. Throws a 400 naming every offending path; returns the fields to store.
 */
export function checkFormInput(form: FormInput, mode: 'create' | 'update'): FormField[] | undefined {
  const violations: FieldViolation[] = [];
  const violate = (field: string, description: string) =>
    violations.push({ field: `form.${field}`, description, violatedRule: 'VALIDATION' });

  if (mode === 'create' || form.namespace !== undefined) {
    const namespace = form.namespace;
    if (
      typeof namespace !== 'string' ||
      namespace.length < FORMS_LIMITS.namespaceMinLength ||
      namespace.length > FORMS_LIMITS.namespaceMaxLength
    ) {
      violate(
        'namespace',
        `must be a string of ${FORMS_LIMITS.namespaceMinLength} to ${FORMS_LIMITS.namespaceMaxLength} characters, such as wix.form_app.form`,
      );
    }
  }
  if (typeof form.name === 'string' && form.name.length > 200)
    violate('name', 'must be at most 200 characters');
  checkLimitationRule(form.limitationRule, violate);

  let fields: FormField[] | undefined;
  if (form.formFields !== undefined) {
    if (form.formFields.length > FORMS_LIMITS.maxFormFields) {
      violate('formFields', `may hold at most ${FORMS_LIMITS.maxFormFields} fields`);
    }
    fields = form.formFields.map((field) => (present(field.id) ? field : { ...field, id: randomUUID() }));
    checkFields(fields, violate);
  }
  if (violations.length > 0) throw validationError(violations);
  return fields;
}

type Violate = (field: string, description: string) => void;

function checkFields(fields: readonly FormField[], violate: Violate): void {
  const targets = new Set<string>();
  const ids = new Set<string>();
  fields.forEach((field, index) => {
    const at = `formFields.${index}`;
    if (typeof field.id !== 'string' || field.id === '' || field.id.length > 100) {
      violate(`${at}.id`, 'must be a non-empty string of at most 100 characters');
    } else if (ids.has(field.id)) {
      violate(`${at}.id`, `repeats the id ${field.id}; ids are unique in a form`);
    } else {
      ids.add(field.id);
    }
    const nested = isObject(field.inputOptions);
    const target = nested ? field.inputOptions?.target : field.target;
    if (present(target)) {
      const where = nested ? `${at}.inputOptions.target` : `${at}.target`;
      if (!TARGET.test(target) || target.includes('__')) {
        violate(
          where,
          'must start with a letter and hold only letters, digits and single underscores (at most 200)',
        );
      } else if (targets.has(target)) {
        violate(where, `repeats the target ${target}; targets are unique in a form`);
      } else {
        targets.add(target);
      }
    } else if (nested || isObject(field.validation)) {
      violate(nested ? `${at}.inputOptions.target` : `${at}.target`, 'is required for an input field');
    }
    const rule = fieldRule(field);
    if (rule !== undefined) checkRule(rule, at, violate);
  });
}

function checkRule(rule: FieldRule, at: string, violate: Violate): void {
  const { string, number, array, file } = rule;
  if (string !== undefined) checkString(string, `${at}.validation.string`, violate);
  if (number !== undefined) checkNumber(number, `${at}.validation.number`, violate);
  if (array !== undefined) {
    checkCount(array.minItems, `${at}.validation.array.minItems`, 0, 1000, violate);
    checkCount(array.maxItems, `${at}.validation.array.maxItems`, 0, 1000, violate);
    if (array.items?.string) checkString(array.items.string, `${at}.validation.array.items.string`, violate);
    if (array.items?.number) checkNumber(array.items.number, `${at}.validation.array.items.number`, violate);
  }
  if (file !== undefined) {
    checkCount(file.fileLimit, `${at}.fileLimit`, 1, 30, violate);
    checkCount(file.maxSizeBytes, `${at}.maxFileSizeBytes`, 1, FORMS_LIMITS.maxUploadBytes, violate);
    for (const format of file.formats ?? []) {
      if (!FILE_FORMATS.has(format)) {
        violate(
          `${at}.uploadFileFormats`,
          `names ${format}; known formats: ${UPLOAD_FILE_FORMATS.join(', ')}`,
        );
      }
    }
  }
}

function checkString(rule: StringRule, at: string, violate: Violate): void {
  if (rule.format !== undefined && !STRING_FORMATS.has(rule.format)) {
    violate(`${at}.format`, `names ${rule.format}; known formats: ${FORM_STRING_FORMATS.join(', ')}`);
  }
  checkCount(rule.minLength, `${at}.minLength`, 0, 20_000, violate);
  checkCount(rule.maxLength, `${at}.maxLength`, 0, 20_000, violate);
  if (rule.minLength !== undefined && rule.maxLength !== undefined && rule.minLength > rule.maxLength) {
    violate(`${at}.minLength`, 'must not exceed maxLength');
  }
  if (rule.pattern !== undefined) {
    if (rule.pattern.length > 500) violate(`${at}.pattern`, 'must be at most 500 characters');
    else if (compilePattern(rule.pattern) === undefined)
      violate(`${at}.pattern`, 'is not a valid regular expression');
  }
}

function checkNumber(rule: NumberRule, at: string, violate: Violate): void {
  for (const key of ['minimum', 'maximum', 'multipleOf'] as const) {
    const value = rule[key];
    if (value !== undefined && !Number.isFinite(value)) violate(`${at}.${key}`, 'must be a finite number');
  }
  if (rule.multipleOf !== undefined && !(rule.multipleOf > 0))
    violate(`${at}.multipleOf`, 'must be positive');
  if (rule.minimum !== undefined && rule.maximum !== undefined && rule.minimum > rule.maximum) {
    violate(`${at}.minimum`, 'must not exceed maximum');
  }
}

function checkCount(value: number | undefined, at: string, min: number, max: number, violate: Violate): void {
  if (value !== undefined && (!Number.isInteger(value) || value < min || value > max)) {
    violate(at, `must be an integer from ${min} to ${max}`);
  }
}

function checkLimitationRule(rule: FormInput['limitationRule'], violate: Violate): void {
  if (rule === undefined) return;
  for (const key of ['maxAllowedSubmissions', 'submissionLimitPerUser'] as const) {
    const value = rule[key];
    if (present(value)) checkCount(value, `limitationRule.${key}`, 1, Number.MAX_SAFE_INTEGER, violate);
  }
  const deadline = rule.dateTimeDeadline;
  if (present(deadline) && Number.isNaN(Date.parse(deadline))) {
    violate('limitationRule.dateTimeDeadline', 'must be an ISO-8601 date and time');
  }
}
