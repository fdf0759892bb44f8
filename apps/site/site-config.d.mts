export interface SiteConfigValues {
  platformUrl: string;
  clientId: string;
  siteName: string;
}
export const DEFAULT_SITE_CONFIG: Readonly<SiteConfigValues>;
export function configScript(config: SiteConfigValues): string;
