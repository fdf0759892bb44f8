import { type FieldRule, fieldRule } from '@atrium/contract/forms-validation';
import type { Json } from '@atrium/contract/types';
import type {
  FormDefinition,
  FormFieldDefinition,
  InputKindOptionsDefinition,
  OptionDefinition,
} from './types.js';

/**
 * What a form view shows for each field of a definition: which control (text, e-mail, phone, URL,
 * date, number, long text, checkbox, choices, file upload), its label, hint, options and default,
 * next to the field's rules. Read from the nested shape (`inputOptions.stringOptions.
 * textInputOptions.label`, `componentType`) or the flat one (`view.label`, the string format).
 */

export type FieldControl =
  | 'text'
  | 'email'
  | 'tel'
  | 'url'
  | 'date'
  | 'time'
  | 'datetime-local'
  | 'password'
  | 'textarea'
  | 'number'
  | 'select'
  | 'radio'
  | 'checkbox'
  | 'checkboxes'
  | 'tags'
  | 'file';

export interface FieldOption {
  readonly label: string;
  /** The value submitted when the option is chosen. */
  readonly value: unknown;
  readonly selected: boolean;
}

export interface FieldView {
  /** Unique in the form: the field's id, else its target. */
  readonly key: string;
  readonly target: string;
  /** Undefined for kinds this view cannot edit (addresses, payments, objects): not rendered. */
  readonly control: FieldControl | undefined;
  readonly label: string;
  readonly showLabel: boolean;
  readonly placeholder?: string;
  readonly description?: string;
  readonly options: readonly FieldOption[];
  /** The value the field starts with (a hidden field's only value). */
  readonly defaultValue: unknown;
  readonly readOnly: boolean;
  /** The form author's message for any failure of this field. */
  readonly customMessage?: string;
  readonly rule: FieldRule;
}

/** A JSON object (not an array, not null). */
export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/** The views of a definition's input fields, in order (display fields have none). */
export function fieldViews(form: FormDefinition): FieldView[] {
  const views: FieldView[] = [];
  for (const field of form.formFields ?? []) {
    const rule = fieldRule(field);
    if (rule !== undefined) views.push(fieldView(field, rule));
  }
  return views;
}

/** The options object of the field's kind (`stringOptions`, …) and its component's settings. */
function componentOf(field: FormFieldDefinition, rule: FieldRule) {
  const input = field.inputOptions;
  if (!isObject(input)) {
    const view = isObject(field.view) ? field.view : {};
    return { kindOptions: undefined, component: view, componentType: text(view.componentType) };
  }
  const key = `${rule.kind === 'file' ? 'wixFile' : rule.kind}Options` as const;
  const kindOptions = (input as Json)[key] as InputKindOptionsDefinition | undefined;
  const component = isObject(kindOptions)
    ? Object.entries(kindOptions).find(
        ([name, value]) => name.endsWith('Options') && name !== 'validation' && isObject(value),
      )?.[1]
    : undefined;
  return {
    kindOptions,
    component: (isObject(component) ? component : {}) as Json,
    componentType: text(kindOptions?.componentType),
  };
}

function fieldView(field: FormFieldDefinition, rule: FieldRule): FieldView {
  const { kindOptions, component, componentType } = componentOf(field, rule);
  const options = optionsOf(component, rule);
  const label = plainText(component.label) ?? text(field.view?.label) ?? humanize(rule.target);
  const validation = isObject(kindOptions?.validation) ? kindOptions.validation : field.validation?.string;
  const errorMessages = isObject(validation) ? validation.errorMessages : undefined;
  return {
    key: text(field._id) ?? text(field.id) ?? rule.target,
    target: rule.target,
    control: controlOf(field, rule, componentType, options.length > 0),
    label,
    showLabel: component.showLabel !== false,
    placeholder: text(component.placeholder),
    description: plainText(component.description),
    options,
    defaultValue: defaultOf(component, rule, options),
    readOnly: field.readOnly === true || field.inputOptions?.readOnly === true,
    customMessage: isObject(errorMessages) ? text(errorMessages.default) : undefined,
    rule,
  };
}

const STRING_COMPONENTS: Readonly<Record<string, FieldControl>> = {
  RADIO_GROUP: 'radio',
  DROPDOWN: 'select',
  SERVICES_DROPDOWN: 'select',
  PHONE_INPUT: 'tel',
  DATE_INPUT: 'date',
  DATE_PICKER: 'date',
  TIME_INPUT: 'time',
  DATE_TIME: 'datetime-local',
  PASSWORD: 'password',
  TEXT_AREA: 'textarea',
};

const STRING_FORMATS: Readonly<Record<string, FieldControl>> = {
  EMAIL: 'email',
  PHONE: 'tel',
  URL: 'url',
  URI: 'url',
  DATE: 'date',
  DATE_OPTIONAL_TIME: 'date',
  TIME: 'time',
  DATE_TIME: 'datetime-local',
};

/** Text this long or longer, with no component named, is edited in a text area. */
const LONG_TEXT = 500;

function controlOf(
  field: FormFieldDefinition,
  rule: FieldRule,
  componentType: string | undefined,
  hasOptions: boolean,
): FieldControl | undefined {
  switch (rule.kind) {
    case 'file':
      return 'file';
    case 'boolean':
      return 'checkbox';
    case 'number':
    case 'integer':
      return 'number';
    case 'array':
      return hasOptions ? 'checkboxes' : 'tags';
    case 'object':
      return undefined;
    case 'any':
      // A flat field without rules takes any value; a nested kind this view does not know is skipped.
      return field.inputOptions ? undefined : 'text';
    case 'string': {
      const byComponent = componentType ? STRING_COMPONENTS[componentType] : undefined;
      if (byComponent === 'radio' || byComponent === 'select') return hasOptions ? byComponent : 'text';
      if (byComponent) return byComponent;
      if (field.identifier?.includes('TEXT_AREA')) return 'textarea';
      if (hasOptions) return 'select';
      const byFormat = rule.string?.format ? STRING_FORMATS[rule.string.format] : undefined;
      if (byFormat) return byFormat;
      return componentType === undefined && (rule.string?.maxLength ?? 0) >= LONG_TEXT ? 'textarea' : 'text';
    }
  }
}

/** The component's options, else the values the rules allow. */
function optionsOf(component: Json, rule: FieldRule): FieldOption[] {
  const listed = Array.isArray(component.options) ? (component.options as OptionDefinition[]) : [];
  if (listed.length > 0) {
    return listed.map((option) => ({
      label: text(option.label) ?? String(option.value ?? ''),
      value: option.value,
      selected: option.default === true,
    }));
  }
  const allowed = rule.string?.enum ?? rule.number?.enum ?? rule.array?.items?.string?.enum;
  return (allowed ?? []).map((value) => ({ label: String(value), value, selected: false }));
}

function defaultOf(component: Json, rule: FieldRule, options: readonly FieldOption[]): unknown {
  if (rule.kind === 'boolean') return component.checked === true;
  const chosen = options.filter((option) => option.selected).map((option) => option.value);
  if (rule.kind === 'array') return chosen.length > 0 ? chosen : undefined;
  if (chosen.length > 0) return chosen[0];
  const value = component.default ?? component.defaultValue;
  return value === null ? undefined : value;
}

/** The text of a label or description: a string, or rich content's text nodes joined. */
export function plainText(value: unknown): string | undefined {
  if (typeof value === 'string') return text(value);
  if (!isObject(value)) return undefined;
  const parts: string[] = [];
  const walk = (node: unknown) => {
    if (!isObject(node)) return;
    const data = node.textData;
    if (isObject(data) && typeof data.text === 'string') parts.push(data.text);
    if (Array.isArray(node.nodes)) {
      const before = parts.length;
      node.nodes.forEach(walk);
      // Block nodes (paragraphs, list items) are separated by a space.
      if (node.type !== 'TEXT' && parts.length > before) parts.push(' ');
    }
  };
  walk(value);
  return text(parts.join('').replace(/\s+/g, ' ').trim());
}

/** `first_name` → `First name`, `phoneNumber` → `Phone number`. */
function humanize(target: string): string {
  const words = target
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
