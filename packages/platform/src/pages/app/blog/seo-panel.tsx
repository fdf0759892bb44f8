import type { Dispatch } from 'react';
import type { EditorAction, EditorState } from './post-editor-state.js';
import { Text } from './post-inputs.js';

/** What search engines show of the post: its title and description tags. */
export function SeoPanel({ state, dispatch }: { state: EditorState; dispatch: Dispatch<EditorAction> }) {
  return (
    <section className="panel" aria-labelledby="seo-heading">
      <h2 id="seo-heading">Search engines</h2>
      <Text
        label="SEO title"
        value={state.fields.seoTitle}
        onChange={(seoTitle) => dispatch({ type: 'edited', change: { seoTitle } })}
      />
      <Text
        label="SEO description"
        value={state.fields.seoDescription}
        onChange={(seoDescription) => dispatch({ type: 'edited', change: { seoDescription } })}
        multiline
      />
    </section>
  );
}
