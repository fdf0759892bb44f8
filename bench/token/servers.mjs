/**
 * What bench/token and bench/load share: starting a server of server.mjs in its own process,
 * and the requests they make while setting up.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const SERVER = fileURLToPath(new URL('./server.mjs', import.meta.url));

/** Starts `server.mjs <args>`; resolves with its URL and a stop function once it says READY. */
export async function startServer(args) {
  const child = spawn(process.execPath, [SERVER, ...args], { stdio: ['ignore', 'pipe', 'ignore'] });
  const lines = createInterface({ input: child.stdout });
  const timer = setTimeout(() => child.kill('SIGKILL'), 180_000);
  for await (const line of lines) {
    if (line.startsWith('READY ')) {
      clearTimeout(timer);
      return {
        url: line.slice('READY '.length),
        stop: async () => {
          child.kill('SIGTERM');
          await once(child, 'exit');
        },
      };
    }
  }
  throw new Error(`server ${args.join(' ')} exited before it was ready`);
}

/** A POST with a JSON body. */
export const json = (body, extra = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...extra },
  body: JSON.stringify(body),
});

/** A setup call that must answer 200: its JSON and its size in bytes. */
export async function call(url, path, init) {
  const response = await fetch(`${url}${path}`, init);
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${text.slice(0, 300)}`);
  return { body: JSON.parse(text), bytes: Buffer.byteLength(text) };
}

/**
 * The BenchNotes collection (anyone reads, the owner writes) with 25 notes, through the API with
 * the owner's `key` headers; answers the base64url data query of the notes ranked above 5.
 */
export async function seedBenchNotes(url, key) {
  await call(
    url,
    '/wix-data/v2/collections',
    json(
      {
        collection: {
          id: 'BenchNotes',
          fields: [
            { key: 'title', type: 'TEXT' },
            { key: 'rank', type: 'NUMBER' },
          ],
          permissions: { read: 'ANYONE', insert: 'ADMIN', update: 'ADMIN', remove: 'ADMIN' },
        },
      },
      key,
    ),
  );
  for (let rank = 1; rank <= 25; rank += 1) {
    await call(
      url,
      '/wix-data/v2/items',
      json({ dataCollectionId: 'BenchNotes', dataItem: { data: { title: `Note ${rank}`, rank } } }, key),
    );
  }
  return Buffer.from(
    JSON.stringify({
      dataCollectionId: 'BenchNotes',
      query: {
        filter: { rank: { $gt: 5 } },
        sort: [{ fieldName: 'rank', order: 'ASC' }],
        paging: { limit: 10 },
      },
    }),
  ).toString('base64url');
}
