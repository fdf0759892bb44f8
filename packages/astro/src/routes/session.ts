import type { APIRoute } from 'astro';
import { sessionRoute } from '../server.js';

export const prerender = false;
export const GET: APIRoute = sessionRoute();
