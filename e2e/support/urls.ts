/** URLs of the site and platform started by the global setup. */
export const siteUrl = (path = '/'): string => new URL(path, required('ATRIUM_E2E_SITE_URL')).href;
export const platformUrl = (path = '/'): string => new URL(path, required('ATRIUM_E2E_PLATFORM_URL')).href;

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the suite through playwright.config.ts`);
  return value;
}
