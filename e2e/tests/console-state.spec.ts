import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN_ROUTES } from '@atrium/contract/routes';
import type { CreateMemberResponse } from '@atrium/contract/types';
import { type BrowserContext, expect, test } from '@playwright/test';
import { expectNoSeriousViolations, followSignInLink, openConsole } from '../support/console';
import { type FreshPlatform, startFreshPlatform } from '../support/fresh-platform';
import { admin, apiKey, uniqueEmail } from '../support/platform-api';
import { contentMissing, mediaDigest, readContent } from '../support/platform-content';
import { platformUrl } from '../support/urls';
import { atEachWidth } from '../support/widths';

/**
 * Save and restore through the console (P11): the owner downloads the shared platform's archive
 * from Developer → Save and restore, imports it in the console of a second, fresh platform (it is
 * refused at first, the fresh platform holding its own keys and owner; then replaced), restarts
 * it as the panel says, and the fresh platform then holds every post, item, member and media file
 * (with the same bytes) the shared one listed just before the export.
 */
atEachWidth((width) => {
  test('an archive downloaded from one console and imported in a fresh platform’s console restores every post, item, member and media file', async ({
    page,
    browser,
  }) => {
    // Two platform starts, an export and an import on a busy 2-core machine.
    test.setTimeout(240_000);
    const downloads = mkdtempSync(join(tmpdir(), 'atrium-e2e-archive-'));
    let fresh: FreshPlatform | undefined;
    let freshContext: BrowserContext | undefined;
    try {
      fresh = await startFreshPlatform();
      await openConsole(page, '/developer');
      const panel = page.getByRole('region', { name: 'Save and restore' });
      await expect(panel).toBeVisible();
      await expectNoSeriousViolations(page);

      // A member of this test's own beside the demo's, so that more than one member travels.
      const email = uniqueEmail('state-member');
      const { identity } = await admin<CreateMemberResponse>('POST', ADMIN_ROUTES.createMember, {
        email,
        password: 'a long enough password',
      });
      // What the shared platform lists right before the export: all of it must arrive.
      const before = await readContent(platformUrl(), apiKey());
      expect(before.members.get(identity.id)).toContain(email);
      const kinds = ['drafts', 'posts', 'items', 'members', 'media'] as const;
      for (const kind of kinds) {
        expect(before[kind].size, `the demo platform has ${kind}`).toBeGreaterThan(0);
      }
      test.info().annotations.push({
        type: 'compared',
        description: kinds.map((kind) => `${before[kind].size} ${kind}`).join(', '),
      });
      const downloading = page.waitForEvent('download');
      await panel.getByRole('button', { name: 'Download the archive' }).click();
      const download = await downloading;
      const name = download.suggestedFilename();
      expect(name).toMatch(/^atrium-state-\d{4}-\d{2}-\d{2}\.tar\.gz$/);
      const archive = join(downloads, name);
      await download.saveAs(archive);
      expect(statSync(archive).size).toBeGreaterThan(0);
      await expect(panel.getByRole('status')).toContainText(`Downloaded ${name}`, { timeout: 30_000 });

      freshContext = await browser.newContext({ viewport: { width, height: 900 } });
      const freshPage = await freshContext.newPage();
      await followSignInLink(freshPage, fresh.ownerSignIn);
      await freshPage.goto(new URL('/_hosted/console/developer', fresh.url).href);
      const freshPanel = freshPage.getByRole('region', { name: 'Save and restore' });
      await expect(freshPanel).toBeVisible({ timeout: 15_000 });
      await freshPanel.getByLabel('Choose an archive to import').setInputFiles(archive);
      await expect(freshPanel.getByText(`Chosen: ${name}`)).toBeVisible();

      // A started platform holds its keys and owner: without "replace" nothing is imported.
      await freshPanel.getByRole('button', { name: 'Import', exact: true }).click();
      await expect(freshPanel.getByRole('alert')).toContainText('This platform already holds data', {
        timeout: 30_000,
      });
      await freshPanel.getByLabel('Replace the data this platform holds').check();
      await freshPanel.getByRole('button', { name: 'Import', exact: true }).click();
      const confirm = freshPage.getByRole('dialog', { name: 'Replace with the archive' });
      await expect(confirm).toContainText('Download this platform');
      await confirm.getByRole('button', { name: 'Replace with the archive' }).click();
      const status = freshPanel.getByRole('status');
      await expect(status).toContainText(`Imported ${name}:`, { timeout: 90_000 });
      await expect(status).toContainText('Restart the platform to finish');
      await expect(freshPanel.getByRole('alert')).toHaveCount(0);
      const mediaFiles = Number(/and (\d+) media files/.exec((await status.textContent()) ?? '')?.[1]);
      expect(mediaFiles).toBeGreaterThanOrEqual(before.media.size);
      await expectNoSeriousViolations(freshPage);

      // As the panel says: restarted on the same data directory (and port).
      await fresh.restart();
      const after = await readContent(fresh.url, fresh.apiKey);
      expect(contentMissing(before, after)).toEqual([]);
      for (const id of before.media.keys()) {
        expect(await mediaDigest(fresh.url, id), `media file ${id}`).toBe(
          await mediaDigest(platformUrl(), id),
        );
      }

      // The console session that imported was kept: it is still signed in after the restart.
      await freshPage.reload();
      await expect(freshPage.getByRole('navigation', { name: 'Console sections' })).toBeVisible({
        timeout: 15_000,
      });
      await expect(freshPanel).toBeVisible();
    } finally {
      await freshContext?.close();
      await fresh?.dispose();
      rmSync(downloads, { recursive: true, force: true });
    }
  });
});
