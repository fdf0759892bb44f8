import { createServer } from 'node:http';
import {
  CLIENT_ID,
  LIKE_CREATED,
  options,
  POST_FQDN,
  POST_LIKED,
  progress,
  ROUTES,
  thousands,
} from './args.mjs';
import { summary } from './measure.mjs';

const { CHANGES, CONCURRENCY } = options;

// ── Events ──────────────────────────────────────────────────────────────────────────────────────

/**
 * --changes likes through the API and their events received by a local webhook receiver: latency
 * and throughput. The receiver and the webhook's id are kept on `bench` for the run to remove.
 */
export async function webhooks(bench) {
  const { call, sqlClient, changeClients, figures } = bench;
  const likeReceipts = new Map();
  const likedReceipts = new Map();
  const received = { total: 0, duplicates: 0, other: 0, first: undefined, last: undefined };
  const receiver = createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const at = performance.now();
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      try {
        const jwt = Buffer.concat(chunks).toString('utf8');
        const claims = JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString('utf8'));
        const envelope = JSON.parse(claims.data);
        const event = JSON.parse(envelope.data);
        const key = envelope.eventType === LIKE_CREATED ? event.entityId : event.actionEvent?.body?.postId;
        const receipts = envelope.eventType === LIKE_CREATED ? likeReceipts : likedReceipts;
        if (envelope.eventType !== LIKE_CREATED && envelope.eventType !== POST_LIKED) received.other += 1;
        else if (receipts.has(key)) received.duplicates += 1;
        else {
          receipts.set(key, at);
          received.total += 1;
          received.first ??= at;
          received.last = at;
        }
      } catch {
        received.other += 1;
      }
    });
  });
  bench.receiver = receiver;
  await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const receiverUrl = `http://127.0.0.1:${receiver.address().port}/hooks`;
  const webhookId = (
    await call('POST', ROUTES.webhooks, { url: receiverUrl, eventTypes: [LIKE_CREATED, POST_LIKED] })
  ).webhook.id;
  bench.webhookId = webhookId;
  progress(`webhook ${webhookId} → ${receiverUrl}; ${thousands(CHANGES)} likes, ${CONCURRENCY} at a time`);

  const liker = (await call('POST', '/oauth2/token', { grantType: 'anonymous', clientId: CLIENT_ID }))
    .access_token;
  const targets = (
    await sqlClient.query(
      `SELECT id FROM blog_posts WHERE published IS NOT NULL AND deleted_at IS NULL ORDER BY md5(id || 'likes') LIMIT $1`,
      [CHANGES],
    )
  ).rows.map((row) => row.id);
  const changes = [];
  let nextChange = 0;
  const changesStarted = performance.now();
  let reported = changesStarted;
  await Promise.all(
    changeClients.map(async (client) => {
      for (let i = nextChange++; i < CHANGES; i = nextChange++) {
        const postId = targets[i];
        const started = performance.now();
        const { like } = await call(
          'POST',
          ROUTES.likes,
          { like: { entityId: postId, fqdn: POST_FQDN } },
          liker,
          client,
        );
        changes[i] = { postId, likeId: like.id, started, answered: performance.now() };
        if (performance.now() - reported > 5000) {
          reported = performance.now();
          progress(`  ${changes.filter(Boolean).length}/${CHANGES} likes; ${received.total} events received`);
        }
      }
    }),
  );
  const changesEnded = performance.now();
  const expected = CHANGES * 2;
  let waitedFor = received.total;
  let lastProgress = performance.now();
  while (received.total < expected) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    if (received.total !== waitedFor) {
      waitedFor = received.total;
      lastProgress = performance.now();
    } else if (performance.now() - lastProgress > 60_000) {
      progress(`no event for 60 s: stopping the wait at ${received.total}/${expected}`);
      break;
    }
    if (performance.now() - reported > 5000) {
      reported = performance.now();
      progress(`  ${received.total}/${expected} events received`);
    }
  }
  const latencies = { like: [], liked: [], all: [] };
  let early = 0;
  for (const change of changes) {
    for (const [kind, at] of [
      ['like', likeReceipts.get(change.likeId)],
      ['liked', likedReceipts.get(change.postId)],
    ]) {
      if (at === undefined) continue;
      if (at < change.answered) early += 1;
      latencies[kind].push(at - change.answered);
      latencies.all.push(at - change.answered);
    }
  }
  const log = await call(
    'GET',
    `${ROUTES.deliveries}?${new URLSearchParams({ webhookId, status: 'DELIVERED', limit: '1' })}`,
  );
  const failed = await call(
    'GET',
    `${ROUTES.deliveries}?${new URLSearchParams({ webhookId, status: 'FAILED', limit: '1' })}`,
  );
  const apiSeconds = (changesEnded - changesStarted) / 1000;
  const deliverySeconds = ((received.last ?? changesEnded) - changesStarted) / 1000;
  figures.events = {
    received: received.total,
    expected,
    duplicates: received.duplicates,
    other: received.other,
    delivered: log.total,
    failed: failed.total,
    early,
    latency: summary(latencies.all),
    likeLatency: summary(latencies.like),
    likedLatency: summary(latencies.liked),
    apiRate: CHANGES / apiSeconds,
    apiEventRate: expected / apiSeconds,
    apiLatency: summary(changes.map((change) => change.answered - change.started)),
    deliveryRate: received.total / deliverySeconds,
    drain: ((received.last ?? changesEnded) - changesEnded) / 1000,
  };
}
