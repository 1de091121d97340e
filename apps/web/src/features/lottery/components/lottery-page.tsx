import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { PageFrame } from '@/components/page-frame';

/** Lottery pages (/lottery, /seaLottery, /vnLottery and variants): the lottery lobby arrives with its feature. */
export function LotteryPage({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <PageFrame title={title}>
      <EmptyState title={t('lottery.empty')}>
        <p className="muted">{t('lottery.emptyHint')}</p>
      </EmptyState>
    </PageFrame>
  );
}
