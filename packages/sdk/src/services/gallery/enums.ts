import { enumOf } from '../../client/enum-of.js';

/** The enumerations of `@wix/pro-gallery` that its calls use (docs/wire.md §12). */
export const Type = enumOf('UNDEFINED', 'IMAGE', 'VIDEO', 'TEXT');
export type Type = (typeof Type)[keyof typeof Type];

export const ImageType = enumOf('UNDEFINED', 'WIX_MEDIA', 'EXTERNAL');
export type ImageType = (typeof ImageType)[keyof typeof ImageType];

export const VideoType = enumOf('UNDEFINED', 'WIX_MEDIA', 'YOUTUBE', 'VIMEO');
export type VideoType = (typeof VideoType)[keyof typeof VideoType];

export const LinkType = enumOf('UNDEFINED', 'EXTERNAL', 'INTERNAL');
export type LinkType = (typeof LinkType)[keyof typeof LinkType];

export const LinkRel = enumOf('nofollow', 'noopener', 'noreferrer', 'sponsored');
export type LinkRel = (typeof LinkRel)[keyof typeof LinkRel];

/** SAVED: a draft; PUBLISHED: on the live site. */
export const State = enumOf('UNDEFINED', 'SAVED', 'PUBLISHED');
export type State = (typeof State)[keyof typeof State];
