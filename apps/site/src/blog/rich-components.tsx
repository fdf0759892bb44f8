import {
  DEFAULT_COMPONENTS,
  MediaFigure,
  type RichContentComponents,
  type RichContentNodeProps,
} from '@atrium/react/rich-content';

const INLINE_IMAGE = /^data:image\/(?:gif|png|webp|jpeg);base64,[a-z0-9+/=]+$/i;
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
const inlineImage = (value: unknown) =>
  typeof value === 'string' && INLINE_IMAGE.test(value) ? value : undefined;

/**
 * A GIF the renderer's default leaves out: one carried as an inline base64 image (the demo seed's,
 * shown without a network). Only `data:image/…;base64` reaches `src`; anything else goes to the default.
 */
function InlineGif(props: RichContentNodeProps) {
  const small = record(props.data.downsized);
  const original = record(props.data.original);
  const gif = inlineImage(small.gif) ?? inlineImage(original.gif);
  const Default = DEFAULT_COMPONENTS.GIF;
  if (!gif) return Default ? <Default {...props} /> : null;
  const still = inlineImage(small.still) ?? inlineImage(original.still);
  const width = typeof props.data.width === 'number' ? props.data.width : undefined;
  const height = typeof props.data.height === 'number' ? props.data.height : undefined;
  return (
    <MediaFigure props={props} className="atrium-rc-gif">
      <picture>
        {still && <source media="(prefers-reduced-motion: reduce)" srcSet={still} />}
        <img
          src={gif}
          alt={typeof props.data.altText === 'string' ? props.data.altText : ''}
          width={width}
          height={height}
        />
      </picture>
    </MediaFigure>
  );
}

export const BLOG_COMPONENTS: RichContentComponents = { GIF: InlineGif };
