import config from 'virtual:atrium/config';
import type { APIRoute } from 'astro';
import { loginRoute } from '../server.js';

export const prerender = false;
export const GET: APIRoute = loginRoute(config);
