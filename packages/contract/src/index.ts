export * from './data.js';
export * from './errors.js';
export * from './forms.js';
export * from './gallery.js';
export * from './identity.js';
export * from './oauth.js';
export * from './redirects.js';
export * from './routes.js';
