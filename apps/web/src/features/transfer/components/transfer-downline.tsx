import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { transferToDownline } from '../api/transfer';
import { TransferForm } from './transfer-form';

/**
 * The agent's transfer to a member of its own downline (spec §6), shown in the agent centre: to any downline typed by
 * name, or to the one `recipient` the agent picked in its team list.
 */
export function TransferDownline({ recipient }: { recipient?: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section className="member-section" aria-labelledby={headingId} data-testid="transfer-downline">
      <h3 id={headingId} className="member-centre__subheading">
        {recipient === undefined ? t('transfer.downlineTitle') : t('transfer.downlineTo', { username: recipient })}
      </h3>
      <TransferForm
        prefix="transfer-downline"
        {...(recipient === undefined ? {} : { fixedRecipient: recipient })}
        send={(values) =>
          transferToDownline({
            username: (recipient ?? values.username).trim(),
            amount: values.amount.trim(),
            paymentPassword: values.paymentPassword,
            requestId: values.requestId,
          })
        }
      />
    </section>
  );
}
