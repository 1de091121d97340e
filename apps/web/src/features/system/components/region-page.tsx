import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { PermissionConfig } from '@platform/contracts';
import { StatusFrame } from './status-frame';

/** System status 2 (spec §4): access restricted, showing the IP the server saw (spec §1). */
export function RegionPage({ config }: { config: PermissionConfig }) {
  const { t } = useTranslation();
  const title = t('status.regionTitle');
  useEffect(() => {
    document.title = `${title} · ${config.brand.name}`;
  }, [title, config.brand.name]);
  return (
    <StatusFrame config={config} testId="region-page" title={title}>
      <p className="status-page__message">{config.status.message?.trim() || t('status.regionMessage')}</p>
      <p className="status-page__ip">
        <span>{t('status.yourIp')} </span>
        <strong data-testid="region-ip">{config.status.ip}</strong>
      </p>
    </StatusFrame>
  );
}
