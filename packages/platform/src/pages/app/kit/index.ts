/**
 * The console's one kit: every section imports its pieces from here (and nowhere else): the
 * platform calls (api.ts, admin-client.ts), loading and mutations through TanStack Query
 * (query.tsx), form controls and messages (forms.tsx), actions with progress and confirmations
 * (actions.tsx), tables and paging (table.tsx), values in words (format.ts).
 */
export * from './actions.js';
export * from './admin-client.js';
export * from './api.js';
export * from './cursor-paging.js';
export * from './format.js';
export * from './forms.js';
export * from './query.js';
export * from './table.js';
