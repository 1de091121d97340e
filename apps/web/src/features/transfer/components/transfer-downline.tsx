import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { transferToDownline } from '../api/transfer';
import { TransferForm } from './transfer-form';

/** The agent's transfer to a member of its own downline (spec §6), shown in the agent centre. */
export function TransferDownline() {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section className="member-section" aria-labelledby={headingId} data-testid="transfer-downline">
      <h3 id={headingId} className="member-centre__subheading">
        {t('transfer.downlineTitle')}
      </h3>
      <TransferForm
        prefix="transfer-downline"
        send={(values) =>
          transferToDownline({
            username: values.username.trim(),
            amount: values.amount.trim(),
            paymentPassword: values.paymentPassword,
            requestId: values.requestId,
          })
        }
      />
    </section>
  );
}
