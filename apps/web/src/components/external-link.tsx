import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A link that leaves the site: new tab, no opener, and screen readers hear that it opens a new tab.
 * `label` names icon-only links (read by screen readers, not shown).
 */
export function ExternalLink({
  href,
  className,
  label,
  children,
}: {
  href: string;
  className?: string;
  label?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <a href={href} className={className} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden">
        {label ? `${label} ` : ''}
        {t('common.opensNewTab')}
      </span>
    </a>
  );
}
