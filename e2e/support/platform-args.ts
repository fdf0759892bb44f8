import { join } from 'node:path';
import { repoRoot } from '../../scripts/ensure-built.mjs';

export interface PlatformStart {
  /** Its data directory (a fresh one gets a fresh database). */
  dataDir: string;
  /** 0 (the default): a free port of the platform's choosing, printed in its `listening on` line. */
  port?: number;
  seed?: 'demo' | 'none';
  /** The OAuth client to create, with its redirect origins. */
  clientId?: string;
  redirectOrigins?: readonly string[];
  /** The owner's API key. */
  apiKey?: string;
  registration?: 'open' | 'verify-email';
  /** Further flags, after the others. */
  extraArgs?: readonly string[];
}

/** The arguments for Node that start the platform (its CLI, logging warnings only). */
export function platformArgs(start: PlatformStart): string[] {
  const flag = (name: string, value: string | undefined) => (value === undefined ? [] : [`--${name}`, value]);
  return [
    join(repoRoot, 'packages/platform/bin/atrium-platform.js'),
    'start',
    ...flag('port', String(start.port ?? 0)),
    ...flag('data', start.dataDir),
    ...flag('seed', start.seed),
    ...flag('client-id', start.clientId),
    ...(start.redirectOrigins ?? []).flatMap((origin) => flag('redirect-origin', origin)),
    ...flag('api-key', start.apiKey),
    ...flag('registration', start.registration),
    ...flag('log-level', 'warn'),
    ...(start.extraArgs ?? []),
  ];
}
