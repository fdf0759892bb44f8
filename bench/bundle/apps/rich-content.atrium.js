// A post page: the rich content renderer hydrating a post's document, its media on the local
// platform. Not the Gallery component (an app passes it through `components.GALLERY`); React and
// react-dom are left out of the figure (run.mjs, SOLO).
import { RichContent } from '@atrium/react/rich-content';
import { createMedia } from '@atrium/sdk/media';
import { createElement } from 'react';
import { hydrateRoot } from 'react-dom/client';

const post = JSON.parse(document.getElementById('post-data').textContent);
hydrateRoot(
  document.getElementById('post'),
  createElement(RichContent, {
    content: post.richContent,
    media: createMedia({ platformUrl: location.origin }),
  }),
);
