import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { PermissionConfig } from '@platform/contracts';
import { StatusFrame } from './status-frame';

/** System status 1 (spec §4): the operator's message, or a generic one when it left none. */
export function MaintenancePage({ config }: { config: PermissionConfig }) {
  const { t } = useTranslation();
  const title = t('status.maintenanceTitle');
  useEffect(() => {
    document.title = `${title} · ${config.brand.name}`;
  }, [title, config.brand.name]);
  return (
    <StatusFrame config={config} testId="maintenance-page" title={title}>
      <p className="status-page__message">{config.status.message?.trim() || t('status.maintenanceMessage')}</p>
    </StatusFrame>
  );
}
