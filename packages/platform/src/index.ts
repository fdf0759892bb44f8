export {
  type ClientRegistration,
  ConfigError,
  type DatabaseOptions,
  DEFAULTS,
  type LogLevel,
  type PlatformOptions,
  SEED_NAMES,
  type SeedName,
} from './config.js';
export { type Platform, startPlatform } from './platform.js';
export type { PlatformServer } from './server.js';
export type { Db } from './storage/database.js';
export type { Database } from './storage/schema.js';
