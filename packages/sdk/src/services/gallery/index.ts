/**
 * `@atrium/sdk/pro-gallery`: `proGallery` with the names and signatures of `@wix/pro-gallery`
 * (docs/wire.md §7): galleries and their image, video and text items, media given and answered as
 * `wix:image://` / `wix:video://` URIs (see `@atrium/sdk/media` for image URLs). Reads are open to
 * visitors (published galleries); writes need an elevated (API key) client. The operations load on
 * the module's first call.
 */
import { withErrorRewrite } from '../../client/error-rewrite.js';
import { lazyModule } from '../../client/module-function.js';
import { ImageType, LinkRel, LinkType, State, Type, VideoType } from './enums.js';
import type { proGalleryModule } from './operations/pro-gallery.js';

export { ImageType, LinkRel, LinkType, State, Type, VideoType } from './enums.js';
export type * from './types.js';

export const proGallery = /* @__PURE__ */ Object.assign(
  withErrorRewrite(
    lazyModule<(typeof proGalleryModule)['operations']>(
      {
        listGalleries: 1,
        getGallery: 1,
        listGalleryItems: 1,
        getGalleryItem: 1,
        createGallery: 1,
        updateGallery: 1,
        deleteGallery: 1,
        deleteGalleryItems: 1,
        bulkDeleteGalleryItems: 1,
        createGalleryItem: 1,
        updateGalleryItem: 1,
        deleteGalleryItem: 1,
      },
      () => import('./operations/pro-gallery.js').then((module) => module.proGalleryModule),
    ),
    // Violations named after the caller's arguments, as the reference reports them.
    (name, error) =>
      import('./operations/pro-gallery.js').then((module) => module.renameGalleryViolations(name, error)),
  ),
  { ImageType, LinkRel, LinkType, State, Type, VideoType },
);
