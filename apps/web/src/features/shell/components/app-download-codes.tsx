import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { QR_CODE_SIZE } from '@platform/contracts';
import { ExternalLink } from '@/components/external-link';
import type { AppDownload, AppKind } from '../utils/app-link';

const LABEL_KEYS: Record<AppKind, string> = {
  iOS: 'sideMenu.appIos',
  Android: 'sideMenu.appAndroid',
  LITE: 'sideMenu.appLite',
};

/** QR codes stay black on white in both themes: scanners need the contrast. */
export function AppDownloadCodes({ downloads }: { downloads: readonly AppDownload[] }) {
  const { t } = useTranslation();
  return (
    <ul className="app-download">
      {downloads.map(({ kind, href }) => {
        const label = t(LABEL_KEYS[kind]);
        return (
          <li key={kind} className="app-download__item">
            <QRCodeSVG
              value={href}
              size={QR_CODE_SIZE}
              marginSize={2}
              bgColor="#ffffff"
              fgColor="#000000"
              title={t('sideMenu.qrTitle', { app: label })}
            />
            <ExternalLink href={href} className="app-download__link">
              {label}
            </ExternalLink>
          </li>
        );
      })}
    </ul>
  );
}
