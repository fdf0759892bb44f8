import { TextField } from '@atrium/react';
import { type ComponentProps, useState } from 'react';
import { fieldError, type Refusal } from './account-client';

/** A text field of a form: its value lives under its `name`; its error is the first of `violations` the refusal names. */
export type FieldSpec = Omit<ComponentProps<typeof TextField>, 'value' | 'onChange' | 'error'> & {
  name: string;
  violations?: string[];
};

/** The values of a form's text fields, by name: `set` changes one, `reset` empties them all. */
export function useFieldValues<Name extends string>(initial: Record<Name, string>) {
  const [values, setValues] = useState(initial);
  const set = (name: string, value: string) => setValues((current) => ({ ...current, [name]: value }));
  const reset = () =>
    setValues(
      (current) => Object.fromEntries(Object.keys(current).map((name) => [name, ''])) as typeof current,
    );
  return { values, set, reset };
}

/** The text fields of `fields`, bound to `values`; `errors` (by name) wins over the refusal's violations. */
export function TextFields({
  fields,
  values,
  set,
  refusal,
  errors,
}: {
  fields: readonly FieldSpec[];
  values: Record<string, string>;
  set: (name: string, value: string) => void;
  refusal: Refusal | null;
  errors?: Record<string, string | null>;
}) {
  return fields.map(({ violations, ...field }) => (
    <TextField
      key={field.name}
      {...field}
      value={values[field.name] ?? ''}
      onChange={(event) => set(field.name, event.target.value)}
      error={errors?.[field.name] ?? (violations ? fieldError(refusal, ...violations) : null)}
    />
  ));
}
