import type { APIRoute } from 'astro';
import { logoutRoute } from '../server.js';

export const prerender = false;
export const GET: APIRoute = logoutRoute();
