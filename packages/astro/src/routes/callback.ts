import config from 'virtual:atrium/config';
import type { APIRoute } from 'astro';
import { callbackRoute } from '../server.js';

export const prerender = false;
export const GET: APIRoute = callbackRoute(config);
