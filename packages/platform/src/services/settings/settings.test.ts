import { ADMIN_PREFIX, ADMIN_ROUTES, BLOG_FEED_ROUTES, MEDIA_ROUTES, SITE_ROUTES } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import { testImageBytes } from '../../testing/index.js';
import { identityKitPerFile, PATHS, uniqueEmail } from '../identity/test-kit.js';
import { type StaffSession, signedInStaff, asStaff as staffCall } from '../staff/test-kit.js';

/**
 * P11 site settings: the site's name, description, language, address, logo and favicon, edited by
 * the owner and admins (ADMIN_ROUTES.siteSettings), read by anyone (SITE_ROUTES.site), and used
 * where the platform names the site: the blog's feeds, e-mails and the hosted pages.
 */

const kit = identityKitPerFile();

const SETTINGS = `${ADMIN_PREFIX}${ADMIN_ROUTES.siteSettings}`;
const patch = (body: unknown) => kit.admin('PATCH', ADMIN_ROUTES.siteSettings, body);
const publicSite = () => kit.call('GET', SITE_ROUTES.site);

async function upload(
  bytes: Uint8Array<ArrayBuffer>,
  type: string,
  filename: string,
): Promise<{ id: string }> {
  const answer = await fetch(
    `${kit.platform.url}${MEDIA_ROUTES.upload}?filename=${encodeURIComponent(filename)}`,
    { method: 'POST', headers: { authorization: kit.platform.apiKey, 'content-type': type }, body: bytes },
  );
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { file: { id: string } }).file;
}

/** A staff member of `role`, signed in through their invitation: the session cookie and its CSRF token. */
async function staffSession(role: string): Promise<StaffSession> {
  return signedInStaff(kit.platform, uniqueEmail(role.toLowerCase()), role);
}

const asStaff = (session: StaffSession, method: string, body?: unknown) =>
  staffCall(kit.platform, session, method, SETTINGS, body);

describe('before anything is saved', () => {
  it("the site is named by its host, in English, at the site's URL; anyone reads it, cached for seconds", async () => {
    const answer = await publicSite();
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('public, max-age=5');
    expect(answer.body).toEqual({
      name: new URL(kit.platform.url).host,
      description: '',
      language: 'en',
      url: kit.platform.url,
      logoUrl: null,
      faviconUrl: null,
    });
    const admin = await kit.admin('GET', ADMIN_ROUTES.siteSettings);
    expect(admin.body.settings.defaults).toEqual({ name: true, url: true });
  });
});

describe('validation', () => {
  it('refuses every bad field at once (400 with a violation per field) and saves nothing', async () => {
    const answer = await patch({
      name: '   ',
      description: 'x'.repeat(301),
      language: 'english please',
      url: 'https://owner:secret@example.com',
      logo: 'https://elsewhere.example/media/abc.png',
    });
    expect(answer.status).toBe(400);
    const violations = answer.body.details.validationError.fieldViolations as {
      field: string;
      violatedRule: string;
    }[];
    expect(violations.map(({ field, violatedRule }) => [field, violatedRule])).toEqual([
      ['name', 'REQUIRED'],
      ['description', 'MAX_LENGTH'],
      ['language', 'FORMAT'],
      ['url', 'FORMAT'],
      ['logo', 'FORMAT'],
    ]);
    expect((await publicSite()).body.name).toBe(new URL(kit.platform.url).host);
  });

  it.each([
    [{ name: 'n'.repeat(101) }, 'name'],
    [{ url: 'ftp://example.com' }, 'url'],
    [{ url: 'not a url' }, 'url'],
    [{ url: 'https://example.com/?q=1' }, 'url'],
    [{ language: 'en_US' }, 'language'],
    [{ favicon: 'a1b2c3_00000000000000000000000000000000.png' }, 'favicon'],
  ])('refuses %j (%s)', async (body, field) => {
    const answer = await patch(body);
    expect(answer.status).toBe(400);
    expect(
      answer.body.details.validationError.fieldViolations.map((v: { field: string }) => v.field),
    ).toEqual([field]);
  });

  it('refuses a logo that is not an image, and an empty or unknown body', async () => {
    const pdf = await upload(new TextEncoder().encode('%PDF-1.4\n%\n'), 'application/pdf', 'a.pdf').catch(
      () => undefined,
    );
    if (pdf) {
      const answer = await patch({ logo: pdf.id });
      expect(answer.status).toBe(400);
      expect(answer.body.details.validationError.fieldViolations[0].violatedRule).toBe('TYPE');
    }
    expect((await patch({})).status).toBe(400);
    expect((await patch({ colour: 'red' })).status).toBe(400);
  });
});

describe('saving', () => {
  let logo: { id: string };
  let favicon: { id: string };

  it('saves what is given, canonical, and everyone reads it', async () => {
    logo = await upload(await testImageBytes('png', 120, 40), 'image/png', 'logo.png');
    favicon = await upload(await testImageBytes('png', 32, 32), 'image/png', 'icon.png');
    const logoUrl = `${kit.platform.url}${MEDIA_ROUTES.file.replace('{id}', logo.id)}`;
    const answer = await patch({
      name: '  Garden & Co  ',
      description: 'Plants <and> people',
      language: 'pt-br',
      url: 'https://garden.example/',
      // The console picks the media URL; a program may give the id.
      logo: logoUrl,
      favicon: favicon.id,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.settings).toMatchObject({
      name: 'Garden & Co',
      description: 'Plants <and> people',
      language: 'pt-BR',
      url: 'https://garden.example',
      logo: { id: logo.id, url: logoUrl },
      favicon: { id: favicon.id },
      defaults: { name: false, url: false },
    });
    const site = await publicSite();
    expect(site.body).toEqual({
      name: 'Garden & Co',
      description: 'Plants <and> people',
      language: 'pt-BR',
      url: 'https://garden.example',
      logoUrl,
      faviconUrl: `${kit.platform.url}/media/${favicon.id}`,
    });
    expect((await fetch(site.body.faviconUrl)).status).toBe(200);
  });

  it('changes only the fields given; null removes a logo and returns to the default address', async () => {
    expect((await patch({ description: 'Only this' })).body.settings).toMatchObject({
      name: 'Garden & Co',
      description: 'Only this',
      logo: { id: logo.id },
    });
    const cleared = await patch({ logo: null, url: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.settings.logo).toBeUndefined();
    expect(cleared.body.settings.url).toBe(kit.platform.url);
    expect(cleared.body.settings.defaults).toEqual({ name: false, url: true });
    expect(
      (await patch({ logo: `wix:image://v1/${logo.id}/logo.png#originWidth=120&originHeight=40` })).status,
    ).toBe(200);
  });

  it('a deleted media file is no longer the logo', async () => {
    const extra = await upload(await testImageBytes('png', 20, 20), 'image/png', 'gone.png');
    expect((await patch({ logo: extra.id })).body.settings.logo.id).toBe(extra.id);
    expect(await kit.platform.media.remove(extra.id)).toBe(true);
    expect((await publicSite()).body.logoUrl).toBeNull();
  });
});

/** The parts of the blog's answers the address test reads. */
interface PostAnswers {
  results: { itemMetadata: { id: string } }[];
  post: { url: { base: string } };
}

describe('where the platform names the site', () => {
  it("the blog's RSS and Atom feeds are titled with the name", async () => {
    const name = `Feed test ${Date.now()}`;
    expect((await patch({ name })).status).toBe(200);
    const rss = await (await fetch(`${kit.platform.url}${BLOG_FEED_ROUTES.rss}`)).text();
    expect(/<channel>\s*<title>([^<]*)<\/title>/.exec(rss)?.[1]).toBe(`Blog · ${name}`);
    const atom = await (await fetch(`${kit.platform.url}${BLOG_FEED_ROUTES.atom}`)).text();
    expect(/<feed\b[^>]*>[\s\S]*?<title>([^<]*)<\/title>/.exec(atom)?.[1]).toBe(`Blog · ${name}`);
  });

  it("post URLs and the feed's links are on the saved address, and back on the default when it is cleared", async () => {
    const asKey = (path: string, body?: unknown) =>
      fetch(`${kit.platform.url}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { authorization: kit.platform.apiKey, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      }).then(async (answer) => ({ status: answer.status, body: (await answer.json()) as PostAnswers }));
    expect((await patch({ url: 'https://garden.example' })).status).toBe(200);
    const created = await asKey('/blog/v3/bulk/draft-posts/create', {
      draftPosts: [{ title: `Address test ${Date.now()}` }],
      publish: true,
      returnFullEntity: true,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.results[0]!.itemMetadata.id;
    const post = await asKey(`/blog/v3/posts/${id}?fieldsets=URL`);
    expect(post.body.post.url.base).toBe('https://garden.example');
    const rss = await (await fetch(`${kit.platform.url}${BLOG_FEED_ROUTES.rss}`)).text();
    expect(rss).toContain(`<link>https://garden.example/blog</link>`);
    expect((await patch({ url: null })).status).toBe(200);
    expect((await asKey(`/blog/v3/posts/${id}?fieldsets=URL`)).body.post.url.base).toBe(kit.platform.url);
  });

  it("e-mails name the site: a password reset's subject and signature", async () => {
    expect((await patch({ name: 'Garden & Co' })).status).toBe(200);
    const email = uniqueEmail('reset');
    await kit.activeMember(email);
    expect((await kit.post(`${PATHS.recovery}/v1/send-email`, { email })).status).toBe(200);
    const [mail] = await kit.mailbox(email);
    expect(mail?.subject).toBe('Reset your Garden & Co password');
    expect(mail?.text).toContain('— Garden & Co');
    expect(mail?.html).toContain('Garden &amp; Co');
    const invited = uniqueEmail('staff');
    expect((await kit.admin('POST', '/v1/staff', { email: invited, role: 'SUPPORT' })).status).toBe(200);
    expect((await kit.mailbox(invited))[0]?.subject).toBe('You are invited to run Garden & Co');
  });

  it("the hosted pages' titles end with the name, escaped, with the favicon", async () => {
    expect((await patch({ name: 'Garden <&> Co' })).status).toBe(200);
    const html = await (await fetch(`${kit.platform.url}/_hosted/reset-password`)).text();
    expect(html).toContain('<title>Reset password · Garden &lt;&amp;&gt; Co</title>');
    const console = await (await fetch(`${kit.platform.url}/_hosted/console/blog`)).text();
    expect(console).toContain('<title>Console · Garden &lt;&amp;&gt; Co</title>');
  });
});

describe('who may change them', () => {
  it('no caller, a CMS editor or support or blog editor session: 403, reading or writing', async () => {
    // Without a caller the admin API answers 403, as every elevated call does (http/callers.ts).
    expect((await kit.call('GET', SETTINGS)).status).toBe(403);
    expect((await kit.call('PATCH', SETTINGS, { name: 'Nobody' })).status).toBe(403);
    for (const role of ['CMS_EDITOR', 'SUPPORT', 'BLOG_EDITOR']) {
      const session = await staffSession(role);
      const read = await asStaff(session, 'GET');
      expect(read.status, role).toBe(403);
      expect((await asStaff(session, 'PATCH', { name: `By ${role}` })).status, role).toBe(403);
    }
    expect((await publicSite()).body.name).not.toMatch(/^By /);
  });

  it('an admin session and the API key may', async () => {
    const admin = await staffSession('ADMIN');
    const answer = await asStaff(admin, 'PATCH', { name: 'By the admin' });
    expect(answer.status).toBe(200);
    expect((await publicSite()).body.name).toBe('By the admin');
    expect((await patch({ name: 'By the key' })).status).toBe(200);
    expect((await publicSite()).body.name).toBe('By the key');
  });
});
