import { useFieldId } from '../kit/index.js';

/** The editor's own form controls: a text (or multi-line) field, and a set of checkboxes. */

export function Text({
  label,
  hint,
  value,
  onChange,
  multiline,
  required,
  large,
}: {
  label: string;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
  multiline?: boolean;
  required?: boolean;
  large?: boolean;
}) {
  const id = useFieldId('post-field');
  const control = {
    id,
    value,
    'aria-describedby': hint ? `${id}-hint` : undefined,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
  };
  return (
    <div className={`field${large ? ' field-large' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {multiline ? <textarea rows={3} {...control} /> : <input required={required} {...control} />}
    </div>
  );
}

export function Checkboxes({
  legend,
  empty,
  options,
  selected,
  onChange,
}: {
  legend: string;
  empty: string;
  options: readonly { id: string; label?: string }[];
  selected: string[];
  onChange: (ids: string[]) => void;
}) {
  const id = useFieldId('choice');
  return (
    <fieldset className="choices">
      <legend>{legend}</legend>
      {options.length === 0 ? (
        <p className="hint">{empty}</p>
      ) : (
        options.map((option) => (
          <div className="field checkbox" key={option.id}>
            <input
              id={`${id}-${option.id}`}
              type="checkbox"
              checked={selected.includes(option.id)}
              onChange={(event) =>
                onChange(
                  event.target.checked
                    ? [...selected, option.id]
                    : selected.filter((entry) => entry !== option.id),
                )
              }
            />
            <label htmlFor={`${id}-${option.id}`}>{option.label ?? option.id}</label>
          </div>
        ))
      )}
    </fieldset>
  );
}

/** A labelled checkbox (with an optional hint tied to it). */
export function Checkbox({
  id,
  label,
  checked,
  disabled,
  hint,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  disabled?: boolean;
  hint?: string;
  onChange: (checked: boolean) => void;
}) {
  return (
    <>
      <div className="field checkbox">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          disabled={disabled}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onChange={(event) => onChange(event.target.checked)}
        />
        <label htmlFor={id}>{label}</label>
      </div>
      {hint && (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
    </>
  );
}
