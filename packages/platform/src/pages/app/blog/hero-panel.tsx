import { FilePicker, Progress } from '../kit/index.js';
import type { PanelProps } from './post-commands.js';
import { Text } from './post-inputs.js';

/** The post's hero image: its preview and alt text, an upload with its progress, removal. */
export function HeroPanel({ state, dispatch, commands, busy }: PanelProps) {
  const hero = state.fields.heroImage;
  return (
    <section className="panel" aria-labelledby="hero-heading">
      <h2 id="hero-heading">Hero image</h2>
      {hero?.id || hero?.url ? (
        <>
          <img
            className="hero-preview"
            src={hero.id ? `/media/${encodeURIComponent(hero.id)}` : hero.url}
            alt={hero.altText ?? ''}
          />
          <Text
            label="Hero image alt text"
            value={hero.altText ?? ''}
            onChange={(altText) => dispatch({ type: 'edited', change: { heroImage: { ...hero, altText } } })}
          />
          <button
            type="button"
            className="secondary"
            onClick={() => dispatch({ type: 'edited', change: { heroImage: null } })}
          >
            Remove the hero image
          </button>
        </>
      ) : (
        <p className="hint">No hero image.</p>
      )}
      <FilePicker
        label="Upload a hero image"
        accept="image/*"
        disabled={busy}
        onFiles={([file]) => file && commands.uploadHero(file)}
      />
      {state.heroProgress !== undefined && (
        <Progress label="Uploading the hero image" value={state.heroProgress} />
      )}
    </section>
  );
}
