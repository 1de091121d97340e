import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomerServiceEntry } from '@platform/contracts';
import { customerServiceUrl, openCustomerService } from '@/lib/customer-service';

type Props = {
  entries: readonly CustomerServiceEntry[];
  className?: string;
  testId?: string;
  /** Accessible name when the visible content is only an icon. */
  label?: string;
  children: ReactNode;
};

/**
 * Opens the live-chat window. Rendered only when a customer-service link decodes; if the browser blocks
 * the popup the user is told how to fix it (spec §8 "Popup blocked, allow popups").
 */
export function CustomerServiceButton({ entries, className, testId, label, children }: Props) {
  const { t } = useTranslation();
  const [blocked, setBlocked] = useState(false);
  const url = customerServiceUrl(entries);
  if (!url) return null;
  return (
    <>
      <button
        type="button"
        className={className}
        data-testid={testId}
        aria-label={label}
        onClick={() => setBlocked(!openCustomerService(url))}
      >
        {children}
      </button>
      {blocked && (
        <p role="alert" className="inline-alert">
          {t('errors.popupBlocked')}
        </p>
      )}
    </>
  );
}
