export function configScript(config: { platformUrl: string; clientId: string }): string;
