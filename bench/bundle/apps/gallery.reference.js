import { proGallery } from '@wix/pro-gallery';
import { createClient, media, OAuthStrategy } from '@wix/sdk';

const client = createClient({ auth: OAuthStrategy({ clientId: 'bench-client' }), modules: { proGallery } });
client.proGallery
  .getGallery('g1')
  .then((gallery) =>
    console.log(
      gallery.items?.map((item) => media.getScaledToFillImageUrl(item.image?.imageInfo ?? '', 300, 200, {})),
    ),
  );
