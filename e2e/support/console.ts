import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { apiKey } from './platform-api';
import { platformUrl } from './urls';

/** Opens the platform's console at `path` and enters an API key (asked once per tab). */
export async function openConsole(page: Page, path: string, key = apiKey()) {
  await page.goto(platformUrl(`/_hosted/console${path}`));
  await page.getByLabel('Site API key').fill(key);
  await page.getByRole('button', { name: 'Open the console' }).click();
  await expect(page.getByRole('navigation', { name: 'Console sections' })).toBeVisible({ timeout: 15_000 });
}

/** axe-core on the page as it is: no serious or critical violation (each named with its nodes). */
export async function expectNoSeriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    );
  expect(serious).toEqual([]);
}
