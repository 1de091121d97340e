import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/dialog';

/** The legalLicense modal (spec §2 Popups): shows the operator's licence image. */
export function LegalLicenseDialog({
  imageUrl,
  brand,
  onClose,
}: {
  imageUrl: string;
  brand: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('legal.title')}
      description={t('legal.description', { brand })}
      testId="legal-license-dialog"
    >
      <img
        className="legal-license__image"
        src={imageUrl}
        alt={t('legal.imageAlt', { brand })}
        width="480"
        height="320"
      />
    </Dialog>
  );
}
