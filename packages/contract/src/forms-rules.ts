import { FORMS_LIMITS } from './routes/forms.js';
import type { Json } from './types.js';

/**
 * A form's rules, read from its definition: one FieldRule per input field. Fields come in the two
 * shapes of the reference's typings (docs/wire.md §14): the flat one (`{ target, validation: { required,
 * string: { format, maxLength } } }`) and the nested one (`{ inputOptions: { target, required,
 * inputType, stringOptions: { validation } } }`); `fieldRules` reads either. Part of
 * forms-validation.ts: the platform reads stored definitions with it, a browser the definition
 * `getForm` answered, so both check a submission against the same rules.
 */

export type FieldKind = 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object' | 'file' | 'any';

export interface StringRule {
  readonly format?: string;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
  readonly enum?: readonly string[];
}

export interface NumberRule {
  readonly minimum?: number;
  readonly maximum?: number;
  readonly multipleOf?: number;
  readonly enum?: readonly number[];
}

export interface ArrayRule {
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly items?: { readonly kind: FieldKind; readonly string?: StringRule; readonly number?: NumberRule };
}

export interface FileRule {
  readonly fileLimit: number;
  /** UploadFileFormats; absent: any file kind the platform stores. */
  readonly formats?: readonly string[];
  readonly maxSizeBytes: number;
}

export interface FieldRule {
  /** The key of the field's value in `submission.submissions`. */
  readonly target: string;
  readonly required: boolean;
  readonly hidden: boolean;
  readonly kind: FieldKind;
  readonly string?: StringRule;
  readonly number?: NumberRule;
  readonly array?: ArrayRule;
  readonly file?: FileRule;
}

/**
 * A form field in either shape, as the platform stores it (FormField) or a client received it:
 * loose on purpose (nulls, unknown keys); the rules are read defensively from `validation` and
 * `inputOptions`.
 */
export interface FieldDefinition {
  readonly target?: string | null;
  readonly fieldType?: string | null;
  readonly hidden?: boolean | null;
  readonly validation?: object | null;
  readonly inputOptions?: object | null;
}

/** A JSON object (not null, not an array). */
export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
/** null (the wire's "not set") as undefined; the value as it is otherwise. */
const present = <T>(value: unknown): T | undefined => (value === null ? undefined : (value as T));

const INPUT_KINDS: Readonly<Record<string, FieldKind>> = {
  STRING: 'string',
  NUMBER: 'number',
  BOOLEAN: 'boolean',
  ARRAY: 'array',
  OBJECT: 'object',
  WIX_FILE: 'file',
};
const OPTION_KINDS: readonly (readonly [string, FieldKind])[] = [
  ['stringOptions', 'string'],
  ['numberOptions', 'number'],
  ['booleanOptions', 'boolean'],
  ['arrayOptions', 'array'],
  ['objectOptions', 'object'],
  ['wixFileOptions', 'file'],
];

/** The input fields of a definition, as rules (display fields and fields without a target have none). */
export function fieldRules(formFields: readonly FieldDefinition[]): FieldRule[] {
  return formFields.flatMap((field) => {
    const rule = fieldRule(field);
    return rule === undefined ? [] : [rule];
  });
}

/** One field's rule, or undefined for a display field or a field without a target. */
export function fieldRule(field: FieldDefinition): FieldRule | undefined {
  const input = field.inputOptions;
  const hidden = field.hidden === true;
  if (isObject(input) && typeof input.target === 'string') {
    const kind = nestedKind(input);
    const options = (key: string) => {
      const value = input[key];
      return isObject(value) && isObject(value.validation) ? value.validation : undefined;
    };
    return {
      target: input.target,
      required: input.required === true,
      hidden,
      kind,
      string: kind === 'string' ? stringRule(options('stringOptions')) : undefined,
      number: kind === 'number' ? numberRule(options('numberOptions')) : undefined,
      array: kind === 'array' ? arrayRule(options('arrayOptions')) : undefined,
      file: kind === 'file' ? fileRule(options('wixFileOptions')) : undefined,
    };
  }
  if (typeof field.target !== 'string' || field.fieldType === 'DISPLAY') return undefined;
  const validation: Json = isObject(field.validation) ? field.validation : {};
  const kind = flatKind(validation);
  const predefined = isObject(validation.predefined) ? validation.predefined : {};
  return {
    target: field.target,
    required: validation.required === true,
    hidden,
    kind,
    string: kind === 'string' ? stringRule(validation.string) : undefined,
    number:
      kind === 'number' || kind === 'integer'
        ? numberRule(validation.number ?? validation.integer)
        : undefined,
    array: kind === 'array' ? arrayRule(validation.array) : undefined,
    file: kind === 'file' ? fileRule(predefined.wixFileOptions) : undefined,
  };
}

function nestedKind(input: Json): FieldKind {
  if (typeof input.inputType === 'string') return INPUT_KINDS[input.inputType] ?? 'any';
  return OPTION_KINDS.find(([key]) => isObject(input[key]))?.[1] ?? 'any';
}

function flatKind(validation: Json): FieldKind {
  if (isObject(validation.predefined) && validation.predefined.format === 'WIX_FILE') return 'file';
  for (const kind of ['string', 'number', 'integer', 'boolean', 'array', 'object'] as const) {
    if (isObject(validation[kind])) return kind;
  }
  return 'any';
}

function stringRule(value: unknown): StringRule {
  const rule = isObject(value) ? value : {};
  const format = typeof rule.format === 'string' ? rule.format : undefined;
  return {
    format: format === 'UNDEFINED' || format === 'UNKNOWN_FORMAT' ? undefined : format,
    ...limits<StringRule>(rule, ['minLength', 'maxLength', 'pattern', 'enum']),
  };
}

function numberRule(value: unknown): NumberRule {
  return limits<NumberRule>(value, ['minimum', 'maximum', 'multipleOf', 'enum']);
}

/** The named limits of a rule object, each as stored (a null, the reference's "not set", read as absent). */
function limits<R extends object>(value: unknown, keys: readonly (keyof R & string)[]): Partial<R> {
  const rule = isObject(value) ? value : {};
  return Object.fromEntries(keys.map((key) => [key, present(rule[key])])) as Partial<R>;
}

function arrayRule(value: unknown): ArrayRule {
  const rule = isObject(value) ? value : {};
  const items = isObject(rule.items) ? rule.items : undefined;
  let itemRule: ArrayRule['items'];
  if (items !== undefined) {
    if (isObject(items.string)) itemRule = { kind: 'string', string: stringRule(items.string) };
    else if (isObject(items.number)) itemRule = { kind: 'number', number: numberRule(items.number) };
    else if (isObject(items.integer)) itemRule = { kind: 'integer', number: numberRule(items.integer) };
    else if (isObject(items.boolean)) itemRule = { kind: 'boolean' };
    else if (isObject(items.object)) itemRule = { kind: 'object' };
  }
  return { minItems: present(rule.minItems), maxItems: present(rule.maxItems), items: itemRule };
}

/** Absent limits are the platform's defaults (FORMS_LIMITS): one file, of at most 25 MiB. */
function fileRule(value: unknown): FileRule {
  const rule = isObject(value) ? value : {};
  const formats = rule.uploadFileFormats as readonly string[] | null | undefined;
  return {
    fileLimit: (rule.fileLimit as number | null | undefined) ?? FORMS_LIMITS.defaultFileLimit,
    formats: formats?.length ? formats : undefined,
    maxSizeBytes: (rule.maxFileSizeBytes as number | null | undefined) ?? FORMS_LIMITS.maxUploadBytes,
  };
}

/** A field pattern as a RegExp matching the whole value, or undefined when it does not compile. */
export function compilePattern(pattern: string): RegExp | undefined {
  try {
    return new RegExp(`^(?:${pattern})$`, 'u');
  } catch {
    return undefined;
  }
}
