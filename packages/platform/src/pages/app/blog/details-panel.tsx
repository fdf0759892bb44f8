import type { Category, Tag } from '@atrium/contract/types';
import type { Dispatch } from 'react';
import { canPin, type EditorAction, type EditorState } from './post-editor-state.js';
import type { PostFields } from './post-fields.js';
import { Checkbox, Checkboxes, Text } from './post-inputs.js';

/** The post's details: slug, excerpt, categories, tags, featured and pinned. */
export function DetailsPanel({
  state,
  dispatch,
  categories,
  tags,
}: {
  state: EditorState;
  dispatch: Dispatch<EditorAction>;
  categories: readonly Category[];
  tags: readonly Tag[];
}) {
  const { fields } = state;
  const edit = (change: Partial<PostFields>) => dispatch({ type: 'edited', change });
  const pinnable = canPin(state);
  return (
    <section className="panel" aria-labelledby="details-heading">
      <h2 id="details-heading">Details</h2>
      <Text
        label="Slug"
        hint="The end of the post’s address; empty: made from the title."
        value={fields.slug}
        onChange={(slug) => edit({ slug })}
      />
      <Text label="Excerpt" value={fields.excerpt} onChange={(excerpt) => edit({ excerpt })} multiline />
      {(
        [
          ['Categories', 'category', categories, 'categoryIds'],
          ['Tags', 'tag', tags, 'tagIds'],
        ] as const
      ).map(([legend, kind, terms, field]) => (
        <Checkboxes
          key={kind}
          legend={legend}
          empty={`No ${kind} yet: add them under Categories and tags.`}
          options={terms}
          selected={fields[field]}
          onChange={(ids) => edit({ [field]: ids })}
        />
      ))}
      <Checkbox
        id="post-featured"
        label="Featured"
        checked={fields.featured}
        onChange={(featured) => edit({ featured })}
      />
      <Checkbox
        id="post-pinned"
        label="Pinned first in the feed"
        checked={fields.pinned}
        disabled={!pinnable}
        hint={pinnable ? 'Saved with the post.' : 'A published post can be pinned.'}
        onChange={(pinned) => edit({ pinned })}
      />
    </section>
  );
}
