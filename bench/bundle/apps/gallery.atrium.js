// A visitor page showing a gallery: the client, visitor tokens, the gallery module and the media helper.
import { createClient, OAuthStrategy } from '@atrium/sdk';
import { createMedia } from '@atrium/sdk/media';
import { proGallery } from '@atrium/sdk/pro-gallery';

const client = createClient({ auth: OAuthStrategy({ clientId: 'bench-client' }), modules: { proGallery } });
const media = createMedia({ platformUrl: 'https://platform.example' });
client.proGallery
  .getGallery('g1')
  .then((gallery) =>
    console.log(
      gallery.items?.map((item) => media.getScaledToFillImageUrl(item.image?.imageInfo ?? '', 300, 200)),
    ),
  );
