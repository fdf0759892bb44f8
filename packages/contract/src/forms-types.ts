/**
 * The forms wire shapes (docs/wire.md §8, §14) as plain interfaces, importable without the schema
 * library: the form schemas (forms-schema-types.ts) and the submissions (forms-submission-types.ts).
 */
export type * from './forms-schema-types.js';
export type * from './forms-submission-types.js';
