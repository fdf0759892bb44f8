export const repoRoot: string;
export function ensureBuilt(options?: { log?: (message: string) => void }): void;
