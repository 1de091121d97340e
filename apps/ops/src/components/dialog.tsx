import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from './icons';

type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** Read to screen readers with the title; Radix expects every dialog to be described. */
  description: string;
  testId?: string;
  /** `dialog--wide` for forms with two columns. */
  className?: string;
  children?: ReactNode;
};

/** The one modal dialog (Radix, as apps/web): focus trap, Escape and outside click close it, focus returns on close. */
export function Dialog({ open, onOpenChange, title, description, testId, className, children }: DialogProps) {
  const { t } = useTranslation();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog__overlay" />
        <RadixDialog.Content className={className ? `dialog ${className}` : 'dialog'} data-testid={testId}>
          <div className="dialog__head">
            <RadixDialog.Title className="dialog__title">{title}</RadixDialog.Title>
            <RadixDialog.Close className="icon-button" aria-label={t('common.close')}>
              <CloseIcon />
            </RadixDialog.Close>
          </div>
          <RadixDialog.Description className="dialog__description">{description}</RadixDialog.Description>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
