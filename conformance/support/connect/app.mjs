// An app on the reference client, unchanged: no custom fetch, no host options. Run by
// connect.test.ts as `node --import <@atrium/sdk/connect> app.mjs`; prints what it got as JSON.
import https from 'node:https';
import { items } from '@wix/data';
import { createClient, media, OAuthStrategy } from '@wix/sdk';

const { CLIENT_ID, COLLECTION_ID, IMAGE_URI, OTHER_URL } = process.env;

const client = createClient({ auth: OAuthStrategy({ clientId: CLIENT_ID }), modules: { items } });
const page = await client.items.query(COLLECTION_ID).ascending('_id').find();
const tokens = client.auth.getTokens();

// The reference's media helper builds a URL on the hosted media host; fetched with fetch…
const imageUrl = media.getScaledToFillImageUrl(IMAGE_URI, 40, 30);
const image = await fetch(imageUrl);
const imageBytes = Buffer.from(await image.arrayBuffer());
// …and the original with https.get (node:http's ClientRequest, what axios and got use).
const originalUrl = media.getImageUrl(IMAGE_URI).url;
const original = await new Promise((resolve, reject) => {
  https
    .get(originalUrl, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode,
          type: response.headers['content-type'],
          bytes: Buffer.concat(chunks),
        }),
      );
    })
    .on('error', reject);
});

// A host that is not the hosted platform's: left alone.
const other = await fetch(OTHER_URL, { method: 'POST', body: 'ping' });

console.log(
  JSON.stringify({
    items: page.items.map((item) => ({ _id: item._id, title: item.title })),
    accessToken: tokens.accessToken.value,
    refreshToken: tokens.refreshToken.value,
    imageUrl,
    image: {
      status: image.status,
      type: image.headers.get('content-type'),
      base64: imageBytes.toString('base64'),
    },
    originalUrl,
    original: { status: original.status, type: original.type, base64: original.bytes.toString('base64') },
    other: { status: other.status, text: await other.text() },
  }),
);
