import type { GalleryState } from '@atrium/contract/types';
import { type FormEvent, useState } from 'react';
import { type ActionState, Field } from '../../kit/index.js';

/** A gallery's state in words. */
export const STATE_WORDS: Record<string, string> = {
  PUBLISHED: 'Published',
  SAVED: 'Draft',
  UNDEFINED: 'Published',
};

/** A gallery's name and state: the new gallery's form and a gallery's settings. */
export function GalleryForm({
  id,
  heading,
  submit,
  initial,
  actions,
  onSave,
}: {
  /** The heading's id; the new gallery's form needs a name, a gallery's settings keep theirs when emptied. */
  id: 'new-gallery-heading' | 'gallery-settings-heading';
  heading: string;
  submit: string;
  initial: { name: string; state: GalleryState };
  actions: ActionState;
  onSave: (gallery: { name: string; state: GalleryState }) => void;
}) {
  const [name, setName] = useState(initial.name);
  const [state, setState] = useState<GalleryState>(initial.state === 'SAVED' ? 'SAVED' : 'PUBLISHED');
  const save = (event: FormEvent) => {
    event.preventDefault();
    onSave({ name: name.trim(), state });
  };
  return (
    <form className="panel" onSubmit={save} aria-labelledby={id}>
      <h2 id={id}>{heading}</h2>
      <Field label="Gallery name" value={name} onValue={setName} required={id === 'new-gallery-heading'} />
      <fieldset className="choices">
        <legend>State</legend>
        {(
          [
            ['SAVED', 'Draft (only the API key reads it)'],
            ['PUBLISHED', 'Published (on the site)'],
          ] as const
        ).map(([value, words]) => (
          <label key={value}>
            <input
              type="radio"
              name="gallery-state"
              value={value}
              checked={state === value}
              onChange={() => setState(value)}
            />{' '}
            {words}
          </label>
        ))}
      </fieldset>
      <button type="submit" disabled={actions.busy !== undefined}>
        {submit}
      </button>
    </form>
  );
}
