import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '@/components/page-frame';
import { Tabs } from '@/components/tabs';
import { groupDigits } from '@/lib/wallet';
import { fetchPointsBalance, pointsKeys } from '../api/points-api';
import { ConvertForm } from './convert-form';
import { MallCatalogue } from './mall-catalogue';
import { MallRedemptions } from './mall-redemptions';
import { PointsHistory } from './points-history';
import './point-mall.css';

type Tab = 'catalogue' | 'redemptions' | 'history' | 'convert';

/**
 * Points mall (/pointMall, login required; spec §1, §7, §9): the balance (points never expire), the catalogue with its
 * redeem flow, the member's redemptions, the points transaction detail and converting points to cash.
 */
export function PointMallPage({ title }: { title: string }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('catalogue');
  const balance = useQuery({ queryKey: pointsKeys.balance, queryFn: ({ signal }) => fetchPointsBalance(signal) });
  const points = BigInt(balance.data?.points ?? '0');
  const tabs = [
    { key: 'catalogue', label: t('pointMall.tabs.catalogue'), testId: 'mall-tab-catalogue' },
    { key: 'redemptions', label: t('pointMall.tabs.redemptions'), testId: 'mall-tab-redemptions' },
    { key: 'history', label: t('pointMall.tabs.history'), testId: 'mall-tab-history' },
    { key: 'convert', label: t('pointMall.tabs.convert'), testId: 'mall-tab-convert' },
  ] as const;
  return (
    <PageFrame title={title}>
      <section className="mall__balance" aria-label={t('pointMall.balance')}>
        <span className="muted">{t('pointMall.balance')}</span>
        <strong data-testid="points-balance">{balance.data ? groupDigits(balance.data.points) : '…'}</strong>
        <span className="muted">{t('pointMall.neverExpire')}</span>
      </section>
      <Tabs label={title} items={tabs} active={tab} onChange={setTab}>
        {tab === 'catalogue' && <MallCatalogue points={points} />}
        {tab === 'redemptions' && <MallRedemptions />}
        {tab === 'history' && <PointsHistory />}
        {tab === 'convert' && <ConvertForm points={points} />}
      </Tabs>
    </PageFrame>
  );
}
