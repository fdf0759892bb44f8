import { writeFile } from 'node:fs/promises';
import { CONNECT_SCRIPT_PATH, connectRegistration, connectScript } from '@atrium/sdk/connect/browser';

/**
 * The browser half of `@atrium/sdk/connect` for a built site (`atriumConnectAstro()` serves it in
 * `astro dev` only), the README's "any other page" way: the connect script saved beside the pages
 * (`/atrium-connect.js`) and every page registering it, for the platform at `ATRIUM_PLATFORM_URL`
 * when the site is built. Without that variable the build is left alone.
 */
export function connectBuiltPages() {
  const platformUrl = process.env.ATRIUM_PLATFORM_URL?.replace(/\/+$/, '');
  return {
    name: 'connect-built-pages',
    hooks: {
      'astro:config:setup': ({ command, injectScript }) => {
        if (command === 'build' && platformUrl)
          injectScript('head-inline', connectRegistration({ platformUrl }));
      },
      'astro:build:done': async ({ dir }) => {
        if (platformUrl)
          await writeFile(new URL(`.${CONNECT_SCRIPT_PATH}`, dir), connectScript({ platformUrl }));
      },
    },
  };
}
