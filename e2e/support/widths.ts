import { test } from '@playwright/test';

/** The widths the console's journeys run at: a desktop's and a phone's. */
export const WIDTHS = [1280, 390] as const;

/** Defines the tests of `define` once at each of WIDTHS, in a describe `at <width> px` with that viewport. */
export function atEachWidth(define: (width: number) => void): void {
  for (const width of WIDTHS) {
    test.describe(`at ${width} px`, () => {
      test.use({ viewport: { width, height: 900 } });
      define(width);
    });
  }
}
