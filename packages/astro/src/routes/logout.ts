import type { APIRoute } from 'astro';
import { logoutRoute } from '../server.js';

export const prerender = false;
// POST, as the hosted platform's integration documents it ("Handle Member Login Using Wix's Astro
// Integration"): a GET would let any other site's <img> sign the member out.
export const POST: APIRoute = logoutRoute();
