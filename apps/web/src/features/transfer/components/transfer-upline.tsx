import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SectionState } from '@/components/section-state';
import { fetchUpline, transferToUpline, uplineQueryKey } from '../api/transfer';
import { TransferForm } from './transfer-form';

/** Member centre transferUpline (spec §6): who the upline is, then the transfer form; a clear message without one. */
export function TransferUpline() {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: uplineQueryKey, queryFn: ({ signal }) => fetchUpline(signal) });
  return (
    <SectionState
      query={query}
      emptyText={t('transfer.noUpline')}
      emptyTestId="transfer-upline-none"
      isEmpty={(data) => data.upline === null}
    >
      {({ upline }) =>
        upline && (
          <section className="member-section" data-testid="transfer-upline">
            <p>
              {t('transfer.uplineIs')}{' '}
              <strong data-testid="transfer-upline-name">
                {upline.nickname ? `${upline.nickname} (${upline.username})` : upline.username}
              </strong>
            </p>
            <TransferForm
              prefix="transfer-upline"
              fixedRecipient={upline.username}
              send={(values) =>
                transferToUpline({
                  amount: values.amount.trim(),
                  paymentPassword: values.paymentPassword,
                  requestId: values.requestId,
                })
              }
            />
          </section>
        )
      }
    </SectionState>
  );
}
