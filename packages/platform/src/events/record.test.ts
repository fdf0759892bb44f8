import { describe, expect, it } from 'vitest';
import { perFile } from '../../test/support/per-file.js';
import { inTransaction } from '../storage/transaction.js';
import { startTestPlatform } from '../testing/index.js';
import { type DomainEventInput, recordEvent } from './index.js';

const platform = perFile(() => startTestPlatform());

const postCreated = (entityId: string): DomainEventInput => ({
  entityFqdn: 'wix.blog.v3.post',
  slug: 'created',
  eventType: 'wix.blog.v3.post_created',
  entityId,
  body: { createdEvent: { entity: { id: entityId, title: 'Hello' } } },
  identity: { identityType: 'WIX_USER', wixUserId: 'owner' },
});

describe('recordEvent', () => {
  it('writes the event in the caller transaction, numbered per entity', async () => {
    await inTransaction(platform.db, async (trx) => {
      await recordEvent(trx, postCreated('rec-1'));
      await recordEvent(trx, {
        ...postCreated('rec-1'),
        slug: 'updated',
        eventType: 'wix.blog.v3.post_updated',
        body: { updatedEvent: { currentEntity: { id: 'rec-1' } } },
      });
    });
    const rows = await platform.db
      .selectFrom('domain_events')
      .selectAll()
      .where('entity_id', '=', 'rec-1')
      .orderBy('position')
      .execute();
    expect(rows.map((row) => [row.slug, String(row.entity_event_sequence)])).toEqual([
      ['created', '1'],
      ['updated', '2'],
    ]);
    expect(rows[0]!.body).toEqual({ createdEvent: { entity: { id: 'rec-1', title: 'Hello' } } });
    expect(rows[0]!.identity).toEqual({ identityType: 'WIX_USER', wixUserId: 'owner' });
  });

  it('leaves nothing behind when the change rolls back', async () => {
    await expect(
      inTransaction(platform.db, async (trx) => {
        await recordEvent(trx, postCreated('rec-rolled-back'));
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    const rows = await platform.db
      .selectFrom('domain_events')
      .select('id')
      .where('entity_id', '=', 'rec-rolled-back')
      .execute();
    expect(rows).toEqual([]);
  });

  it('refuses an event without exactly one body', async () => {
    await expect(
      inTransaction(platform.db, (trx) =>
        recordEvent(trx, {
          ...postCreated('rec-2'),
          body: { createdEvent: { entity: {} }, deletedEvent: {} } as never,
        }),
      ),
    ).rejects.toThrow('exactly one body');
  });
});
