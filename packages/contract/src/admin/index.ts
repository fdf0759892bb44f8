/**
 * The local platform's admin API (`@atrium/contract/admin`): every console route, one file per
 * service, each endpoint with its answer's type (endpoint.ts). The platform registers these paths;
 * the console calls them through its typed client.
 */
export * from './api-keys.js';
export * from './blog.js';
export * from './endpoint.js';
export * from './logs.js';
export * from './members.js';
export * from './settings.js';
export * from './staff.js';
export * from './state.js';
export * from './webhooks.js';
