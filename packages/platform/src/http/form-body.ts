import type { FastifyInstance } from 'fastify';
import { checkJson } from './boundary.js';

/**
 * Lets a plugin's routes take HTML forms (`application/x-www-form-urlencoded`: the OAuth token
 * endpoint, the console's sign-in link page). Registered in that plugin only, so every other route
 * answers forms with 415. The fields pass the input guard, as JSON bodies do at the door.
 */
export function acceptFormBodies(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      try {
        const fields = Object.fromEntries(new URLSearchParams(body as string));
        checkJson(fields, '');
        done(null, fields);
      } catch (error) {
        done(error as Error, undefined);
      }
    },
  );
}
