import {
  formatMoney,
  MIN_ABOVE_MAX_MESSAGE,
  type FieldError,
  type OpsWithdrawSettings,
  type OpsWithdrawSettingsUpdate,
} from '@platform/contracts';
import type { Database } from '../../../db/database';
import { amountMinorOf, fieldErrors } from '../../../lib/ops-fields';
import { recordAudit } from '../../operations/audit';
import type { Merchant } from '../../platform/merchant';
import type { StaffCaller } from '../../operations/staff';
import { withdrawSettingsOpsRepository as repo, type StaffRulesRow } from './withdraw-settings-ops.repository';

const toStaffSettings = (row: StaffRulesRow, merchant: Merchant): OpsWithdrawSettings => ({
  minAmount: formatMoney(row.minAmountMinor, merchant.currencyScale),
  maxAmount: formatMoney(row.maxAmountMinor, merchant.currencyScale),
  dailyCount: row.dailyCount,
  maxAccounts: row.maxAccounts,
  autoReceiveMinutes: row.autoReceiveMinutes,
  currencyScale: merchant.currencyScale,
  currencySymbol: merchant.currencySymbol,
});

/** What the audit keeps of the rules (the currency is the merchant's, not part of the change). */
const audited = ({ currencyScale: _s, currencySymbol: _c, ...rules }: OpsWithdrawSettings) => rules;

/**
 * The merchant's withdrawal rules in the back office (issue 7, payments.manage). The player side reads them from the
 * table on every call (withdraw.repository `settings`, answered no-store), so a change applies to the next request.
 */
export const withdrawSettingsOpsServiceFactory = ({ db }: { db: Database }) => ({
  get: (merchant: Merchant): Promise<OpsWithdrawSettings> =>
    db.transaction(async (tx) => toStaffSettings(await repo.lock(tx, merchant.id), merchant)),

  update: (caller: StaffCaller, body: OpsWithdrawSettingsUpdate): Promise<OpsWithdrawSettings> => {
    const { merchant } = caller;
    const errors: FieldError[] = [];
    const minAmountMinor = amountMinorOf(body.minAmount, merchant.currencyScale, 'minAmount', errors);
    const maxAmountMinor = amountMinorOf(body.maxAmount, merchant.currencyScale, 'maxAmount', errors);
    if (errors.length === 0 && minAmountMinor > maxAmountMinor) {
      errors.push({ path: 'maxAmount', message: MIN_ABOVE_MAX_MESSAGE });
    }
    if (errors.length > 0) throw fieldErrors('withdrawal settings', errors);
    return db.transaction(async (tx) => {
      const before = toStaffSettings(await repo.lock(tx, merchant.id), merchant);
      const { dailyCount, maxAccounts, autoReceiveMinutes } = body;
      const rules = { minAmountMinor, maxAmountMinor, dailyCount, maxAccounts, autoReceiveMinutes };
      const after = toStaffSettings(await repo.update(tx, merchant.id, rules), merchant);
      await recordAudit(tx, caller, {
        action: 'withdraw-settings.update',
        targetType: 'withdraw-settings',
        targetId: merchant.id,
        before: audited(before),
        after: audited(after),
      });
      return after;
    });
  },
});

export type WithdrawSettingsOpsService = ReturnType<typeof withdrawSettingsOpsServiceFactory>;
