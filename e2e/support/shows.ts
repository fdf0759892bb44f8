import { expect, type Locator, type Page } from '@playwright/test';

/** A page check (e.g. what shows that a page's content has arrived): each of `locate`'s locators, in turn, is visible. */
export const shows =
  (locate: (page: Page) => Locator | Locator[]) =>
  async (page: Page): Promise<void> => {
    for (const locator of [locate(page)].flat()) await expect(locator).toBeVisible();
  };
