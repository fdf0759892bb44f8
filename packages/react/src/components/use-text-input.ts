import { type ChangeEvent, type RefObject, useRef, useState } from 'react';

/** A controlled text input of an auth form: its value, and the props that bind a TextField to it. */
export interface TextInput {
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  /** Where focus moves when the field is in error (useFocusFirstError). */
  inputRef: RefObject<HTMLInputElement | null>;
}

/** The state of one TextField: spread the result into it (`<TextField {...email} />`) and read `.value`. */
export function useTextInput(): TextInput {
  const [value, setValue] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  return { value, onChange: (event) => setValue(event.target.value), inputRef };
}
