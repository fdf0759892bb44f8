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
