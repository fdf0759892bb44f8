/**
 * `node --import @atrium/sdk/connect app.js` (or in NODE_OPTIONS): every request the app sends to
 * the hosted platform goes to the local platform at `ATRIUM_PLATFORM_URL` (default
 * `http://127.0.0.1:7070`). Importing this module is the whole act (package.json `sideEffects`).
 */
import { connect } from './node.js';

connect();
