import type { ChatHoursUpdate } from '@platform/contracts';
import type { Database } from '../../../db/database';
import { notFound } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import { recordAudit } from '../../operations/audit';
import type { StaffCaller } from '../../operations/staff';
import { chatRepository } from './chat.repository';

const cannedOf = (row: { id: bigint; title: string; body: string }) => ({ ...row, id: row.id.toString() });

/**
 * The support console's settings: the consulting hours (config.manage) and the canned replies (support.handle). Each
 * change writes its audit entry (chat.hours, chat.canned.create/update/delete) in the transaction of the change.
 */
export const chatSettingsServiceFactory = ({ db, now }: { db: Database; now: Clock }) => {
  const read = chatRepository(db);
  const hoursOf = (merchantId: number) => read.hours(merchantId, new Date(now()));
  return {
    hours: hoursOf,

    setHours: async (caller: StaffCaller, input: ChatHoursUpdate) => {
      const days = [...input.days].sort((a, b) => a - b);
      await db.transaction(async (tx) => {
        const before = await chatRepository(tx).hours(caller.merchant.id, new Date(now()));
        await chatRepository(tx).setHours(caller.merchant.id, { ...input, days });
        await recordAudit(tx, caller, {
          action: 'chat.hours',
          targetType: 'chat_settings',
          targetId: caller.merchant.id,
          before: { days: before.days, opensMinute: before.opensMinute, closesMinute: before.closesMinute },
          after: { ...input, days },
        });
      });
      return hoursOf(caller.merchant.id);
    },

    canned: async (merchantId: number) => ({ list: (await read.canned(merchantId)).map(cannedOf) }),

    addCanned: (caller: StaffCaller, input: { title: string; body: string }) =>
      db.transaction(async (tx) => {
        const row = cannedOf(await chatRepository(tx).addCanned(caller.merchant.id, input.title, input.body));
        await recordAudit(tx, caller, {
          action: 'chat.canned.create',
          targetType: 'chat_canned_reply',
          targetId: row.id,
          after: row,
        });
        return row;
      }),

    updateCanned: (caller: StaffCaller, id: bigint, input: { title: string; body: string }) =>
      db.transaction(async (tx) => {
        const before = (await chatRepository(tx).canned(caller.merchant.id)).find((row) => row.id === id);
        const row = await chatRepository(tx).updateCanned(caller.merchant.id, id, input.title, input.body);
        if (row === null || before === undefined) throw notFound('No such canned reply');
        const after = cannedOf(row);
        await recordAudit(tx, caller, {
          action: 'chat.canned.update',
          targetType: 'chat_canned_reply',
          targetId: after.id,
          before: cannedOf(before),
          after,
        });
        return after;
      }),

    deleteCanned: (caller: StaffCaller, id: bigint) =>
      db.transaction(async (tx) => {
        const row = await chatRepository(tx).deleteCanned(caller.merchant.id, id);
        if (row === null) throw notFound('No such canned reply');
        await recordAudit(tx, caller, {
          action: 'chat.canned.delete',
          targetType: 'chat_canned_reply',
          targetId: row.id.toString(),
          before: cannedOf(row),
        });
      }),
  };
};

export type ChatSettingsService = ReturnType<typeof chatSettingsServiceFactory>;
