import type { FormFieldDefinition } from '../../src/forms/types.js';

/**
 * An input field in the nested shape (the reference's typings, as the demo seed writes them):
 * `kindOptions` under the input type's own key (`stringOptions`, `wixFileOptions`, …).
 */
export const nestedField = (
  target: string,
  inputType: string,
  kindOptions: Record<string, unknown>,
  extra: Partial<FormFieldDefinition> & { required?: boolean } = {},
): FormFieldDefinition => {
  const { required, ...field } = extra;
  const key = `${inputType === 'WIX_FILE' ? 'wixFile' : inputType.toLowerCase()}Options`;
  return {
    _id: `id-${target}`,
    fieldType: 'INPUT',
    ...field,
    inputOptions: { target, inputType, required, [key]: kindOptions },
  };
};

/** `TEXT_INPUT` → `textInput`: the key a control's options stand under, less its `Options`. */
const controlKey = (componentType: string) =>
  componentType.toLowerCase().replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

/**
 * Kind options for one control: its `componentType` and its options under the control's own key
 * (`DROPDOWN` → `dropdownOptions`), with the value's `validation` when given.
 */
export const control = (
  componentType: string,
  options: Record<string, unknown>,
  validation?: Record<string, unknown>,
): Record<string, unknown> => ({
  componentType,
  [`${controlKey(componentType)}Options`]: options,
  ...(validation === undefined ? {} : { validation }),
});

/** A choice control's options: its label and `[label, value, default?]` per choice. */
export const choices = (label: string, ...options: [string, string, true?][]) => ({
  label,
  options: options.map(([text, value, isDefault]) =>
    isDefault ? { label: text, value, default: true } : { label: text, value },
  ),
});
