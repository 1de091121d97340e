import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PermissionConfig } from '@platform/contracts';
import { CustomerServiceButton } from '@/components/customer-service-button';
import { ChatIcon } from '@/components/icons';

type Props = { config: PermissionConfig; testId: string; title: string; children: ReactNode };

/** The whole-screen notice that replaces the app (spec §1), with its customer-service button (spec §8). */
export function StatusFrame({ config, testId, title, children }: Props) {
  const { t } = useTranslation();
  return (
    <main className="status-page" data-testid={testId}>
      <div className="status-page__card">
        <p className="status-page__brand">{config.brand.name}</p>
        <h1 className="status-page__title">{title}</h1>
        {children}
        <CustomerServiceButton entries={config.customerService} className="button button--primary" testId="cs-button">
          <ChatIcon />
          <span>{t('status.customerService')}</span>
        </CustomerServiceButton>
      </div>
    </main>
  );
}
