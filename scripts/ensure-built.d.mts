export const repoRoot: string;
export interface BuildTarget {
  workspace: string;
  output: string;
  sources: string[];
}
export const PACKAGE_TARGETS: BuildTarget[];
export function ensureBuilt(options?: { log?: (message: string) => void; targets?: BuildTarget[] }): void;
