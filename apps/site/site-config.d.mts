export interface SiteConfigValues {
  platformUrl: string;
  clientId: string;
  siteName: string;
  /** From the platform's site settings, when it has them. */
  siteDescription?: string;
  siteLanguage?: string;
  siteLogoUrl?: string;
  siteFaviconUrl?: string;
}
/** The platform's public site read (`GET /_api/atrium/v1/site`, @atrium/contract PublicSite). */
export interface PublicSiteValues {
  name: string;
  description: string;
  language: string;
  url: string;
  logoUrl: string | null;
  faviconUrl: string | null;
}
export const DEFAULT_SITE_CONFIG: Readonly<SiteConfigValues>;
export function configScript(config: SiteConfigValues): string;
export function withSiteSettings(
  config: SiteConfigValues,
  site: PublicSiteValues | undefined,
): SiteConfigValues;
export function siteTemplate(
  template: string,
  config: SiteConfigValues,
  options?: { title?: boolean },
): string;
