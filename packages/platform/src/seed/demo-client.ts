import { upsertClient } from '../oauth/store.js';
import type { Seeder } from './seeder.js';

export const DEMO_CLIENT_ID = 'atrium-demo';

/** The public OAuth client of the demo site (apps/site), served by Vite on port 5173. */
export const demoClient: Seeder = {
  name: 'demo/oauth-client',
  run: (trx) =>
    upsertClient(trx, {
      id: DEMO_CLIENT_ID,
      redirectOrigins: ['http://localhost:5173', 'http://127.0.0.1:5173'],
    }),
};
