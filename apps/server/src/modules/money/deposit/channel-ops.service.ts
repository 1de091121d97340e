import {
  formatMoney,
  MIN_ABOVE_MAX_MESSAGE,
  type FieldError,
  type OpsDepositChannel,
  type OpsDepositChannelCreate,
  type OpsDepositChannelList,
  type OpsDepositChannelUpdate,
} from '@platform/contracts';
import type { Database } from '../../../db/database';
import { AppError } from '../../../lib/app-error';
import { amountMinorOf, fieldErrors } from '../../../lib/ops-fields';
import { recordAudit } from '../../operations/audit';
import type { Merchant } from '../../platform/merchant';
import type { StaffCaller } from '../../operations/staff';
import { channelOpsRepository as repo, type ChannelWrite, type StaffChannelRow } from './channel-ops.repository';

export type ChannelOpsServiceDeps = {
  db: Database;
  /** Codes of the payment gateways this platform has. */
  gateways: readonly string[];
};

const toStaffChannel = (row: StaffChannelRow, scale: number): OpsDepositChannel => ({
  id: row.id.toString(),
  code: row.code,
  kind: row.kind,
  gatewayCode: row.gatewayCode,
  displayName: row.displayName,
  minAmount: formatMoney(row.minAmountMinor, scale),
  maxAmount: formatMoney(row.maxAmountMinor, scale),
  enabled: row.enabled,
  sort: row.sort,
  bankName: row.bankName,
  bankAccountName: row.bankAccountName,
  bankAccountNumber: row.bankAccountNumber,
  expiryMinutes: row.expiryMinutes,
});

const BANK_FIELDS = ['bankName', 'bankAccountName', 'bankAccountNumber'] as const;

/**
 * Deposit channels in the back office (issue 7, payments.manage). Players read the enabled channels straight from the
 * table on each call (deposit.service `channels`, no server cache), so a change shows on their next call. Every write
 * locks the row, checks the channel as it will be, and records its audit entry in the same transaction.
 */
export const channelOpsServiceFactory = ({ db, gateways }: ChannelOpsServiceDeps) => {
  /** The rules of a whole channel that the schema cannot see: the currency's decimals, the kind's fields, the gateway. */
  const check = (
    kind: StaffChannelRow['kind'],
    fields: Omit<ChannelWrite, 'minAmountMinor' | 'maxAmountMinor'> & { minAmount: string; maxAmount: string },
    scale: number,
  ): ChannelWrite => {
    const errors: FieldError[] = [];
    const minAmountMinor = amountMinorOf(fields.minAmount, scale, 'minAmount', errors);
    const maxAmountMinor = amountMinorOf(fields.maxAmount, scale, 'maxAmount', errors);
    if (errors.length === 0 && minAmountMinor > maxAmountMinor) {
      errors.push({ path: 'maxAmount', message: MIN_ABOVE_MAX_MESSAGE });
    }
    if (kind === 'GATEWAY') {
      if (fields.gatewayCode === null)
        errors.push({ path: 'gatewayCode', message: 'is required for a gateway channel' });
      else if (!gateways.includes(fields.gatewayCode)) {
        errors.push({ path: 'gatewayCode', message: `must be one of: ${gateways.join(', ') || 'none configured'}` });
      }
      for (const key of BANK_FIELDS) {
        if (fields[key] !== null) errors.push({ path: key, message: 'is only for a bank transfer channel' });
      }
    } else {
      if (fields.gatewayCode !== null) errors.push({ path: 'gatewayCode', message: 'is only for a gateway channel' });
      for (const key of BANK_FIELDS) {
        if (fields[key] === null) errors.push({ path: key, message: 'is required for a bank transfer channel' });
      }
    }
    if (errors.length > 0) throw fieldErrors('deposit channel', errors);
    const { minAmount: _min, maxAmount: _max, ...rest } = fields;
    return { ...rest, minAmountMinor, maxAmountMinor };
  };

  const list = async (merchant: Merchant): Promise<OpsDepositChannelList> => ({
    list: (await repo.list(db, merchant.id)).map((row) => toStaffChannel(row, merchant.currencyScale)),
    gateways: [...gateways],
    currencyScale: merchant.currencyScale,
    currencySymbol: merchant.currencySymbol,
  });

  const create = (caller: StaffCaller, body: OpsDepositChannelCreate): Promise<OpsDepositChannel> => {
    const scale = caller.merchant.currencyScale;
    const { code, kind, ...fields } = body;
    const write = check(kind, fields, scale);
    return db.transaction(async (tx) => {
      const row = await repo.insert(tx, caller.merchant.id, { ...write, code, kind });
      if (row === undefined) throw fieldErrors('deposit channel', [{ path: 'code', message: 'is already used' }]);
      const after = toStaffChannel(row, scale);
      await recordAudit(tx, caller, {
        action: 'payment-channel.create',
        targetType: 'deposit-channel',
        targetId: after.id,
        after,
      });
      return after;
    });
  };

  const update = (caller: StaffCaller, id: bigint, patch: OpsDepositChannelUpdate): Promise<OpsDepositChannel> => {
    const scale = caller.merchant.currencyScale;
    return db.transaction(async (tx) => {
      const row = await repo.lock(tx, caller.merchant.id, id);
      if (row === undefined) throw new AppError('NOT_FOUND', 404, 'No such deposit channel');
      const before = toStaffChannel(row, scale);
      const { id: _id, code: _code, kind, ...current } = before;
      const write = check(kind, { ...current, ...patch }, scale);
      const after = toStaffChannel(await repo.update(tx, caller.merchant.id, id, write), scale);
      await recordAudit(tx, caller, {
        action: 'payment-channel.update',
        targetType: 'deposit-channel',
        targetId: after.id,
        before,
        after,
      });
      return after;
    });
  };

  return { list, create, update };
};

export type ChannelOpsService = ReturnType<typeof channelOpsServiceFactory>;
