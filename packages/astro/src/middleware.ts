/**
 * The middleware Astro runs (`addMiddleware` in the integration): `createMiddleware` bound to the
 * integration's options, which reach it through the `virtual:atrium/config` module.
 */
import { defineMiddleware } from 'astro:middleware';
import config from 'virtual:atrium/config';
import { createMiddleware } from './server.js';

export const onRequest = defineMiddleware(createMiddleware(config));
