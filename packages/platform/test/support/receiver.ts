import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeJwt } from 'jose';
import type { DatabaseOptions } from '../../src/storage/database.js';
import { createTestDatabase, TEST_DATABASE_URL_ENV } from '../../src/testing/test-database.js';

/** What a test receiver saw: one POST. */
export interface ReceivedRequest {
  readonly body: string;
  readonly contentType: string | undefined;
  /** The decoded layers (not verified): the envelope and the domain event. */
  readonly envelope: Record<string, unknown>;
  readonly event: Record<string, unknown> & { id: string; entityId: string; entityEventSequence: string };
  /** The status answered (or undefined: left hanging). */
  readonly answered: number | undefined;
}

/** How to answer the n-th request (0-based, counted per receiver); `hang` never answers. */
export type Responder = (request: Omit<ReceivedRequest, 'answered'>, index: number) => number | 'hang';

/** A webhook receiver on 127.0.0.1 for tests: records every POST, answers as `respond` says. */
export interface TestReceiver {
  readonly url: string;
  readonly requests: ReceivedRequest[];
  /** The requests answered with a 2xx. */
  delivered(): ReceivedRequest[];
  respond: Responder;
  /** Polls until `predicate` holds (generous timeout: busy machines). */
  waitFor(predicate: (receiver: TestReceiver) => boolean, what: string, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startTestReceiver(respond: Responder = () => 200, port = 0): Promise<TestReceiver> {
  const hanging = new Set<IncomingMessage>();
  let server: Server;
  const receiver: TestReceiver = {
    url: '',
    requests: [],
    delivered: () =>
      receiver.requests.filter((request) => request.answered !== undefined && request.answered < 300),
    respond,
    waitFor: async (predicate, what, timeoutMs = 30_000) => {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(receiver)) {
        if (Date.now() > deadline) {
          throw new Error(
            `timed out waiting for ${what}; received ${JSON.stringify(receiver.requests.map(summary))}`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const request of hanging) request.socket.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const envelope = JSON.parse(String(decodeJwt(body).data)) as Record<string, unknown>;
      const seen = {
        body,
        contentType: request.headers['content-type'],
        envelope,
        event: JSON.parse(String(envelope.data)) as ReceivedRequest['event'],
      };
      const index = receiver.requests.length;
      const answer = receiver.respond(seen, index);
      receiver.requests.push({ ...seen, answered: answer === 'hang' ? undefined : answer });
      if (answer === 'hang') {
        hanging.add(request);
        return;
      }
      response.writeHead(answer, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  Object.assign(receiver, { url: `http://127.0.0.1:${address.port}/hooks` });
  return receiver;
}

const summary = (request: ReceivedRequest) =>
  `${request.envelope.eventType} ${request.event.entityId}#${request.event.entityEventSequence} → ${request.answered}`;

/** Polls `check` until it returns a value (generous timeout: busy machines). */
export async function eventually<T>(
  check: () => Promise<T | undefined>,
  what: string,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A database that outlives a platform (to start another on it): a fresh PostgreSQL database when
 * ATRIUM_TEST_DATABASE_URL is set, else a PGlite data directory in a temporary folder.
 */
export async function persistentDatabase(): Promise<{ options: DatabaseOptions; drop(): Promise<void> }> {
  if (process.env[TEST_DATABASE_URL_ENV]) return createTestDatabase();
  const dir = await mkdtemp(join(tmpdir(), 'atrium-webhooks-'));
  return {
    options: { kind: 'pglite', dataDir: join(dir, 'data') },
    drop: () => rm(dir, { recursive: true, force: true }),
  };
}
