import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';

export type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** Read to screen readers with the title; Radix expects every dialog to be described. */
  description: string;
  testId?: string;
  /** Extra class on the dialog box, e.g. `dialog--wide` for forms with two columns. */
  className?: string;
  children?: ReactNode;
  /**
   * Move focus into the dialog after the browser has drawn it, not in the task that mounts it. Focusing at mount makes
   * the browser lay out the whole page inside that task (a dialog that opens by itself during the page's load, like the
   * player app's announcement popup, was then one long task instead of two shorter ones). Focus goes where Radix would
   * put it: the first control that is not a link, or the dialog itself.
   */
  focusAfterPaint?: boolean;
};

/** What each app gives the dialog: its close button's name and icon. */
export type DialogParts = { closeLabel: string; closeIcon: ReactNode };

const FIRST_CONTROL =
  'button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

const moveFocusAfterPaint = (event: Event) => {
  event.preventDefault();
  const content = event.currentTarget;
  if (!(content instanceof HTMLElement)) return;
  requestAnimationFrame(() => {
    window.setTimeout(() => {
      // Nothing to do if the dialog has gone or the visitor already moved focus into it.
      if (!content.isConnected || content.contains(document.activeElement)) return;
      (content.querySelector<HTMLElement>(FIRST_CONTROL) ?? content).focus();
    }, 0);
  });
};

/** The one modal dialog (Radix): focus trap, Escape and outside click close it, focus returns on close. */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  testId,
  className,
  children,
  focusAfterPaint = false,
  closeLabel,
  closeIcon,
}: DialogProps & DialogParts) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog__overlay" />
        <RadixDialog.Content
          className={className ? `dialog ${className}` : 'dialog'}
          data-testid={testId}
          onOpenAutoFocus={focusAfterPaint ? moveFocusAfterPaint : undefined}
        >
          <div className="dialog__head">
            <RadixDialog.Title className="dialog__title">{title}</RadixDialog.Title>
            <RadixDialog.Close className="icon-button" aria-label={closeLabel}>
              {closeIcon}
            </RadixDialog.Close>
          </div>
          <RadixDialog.Description className="dialog__description">{description}</RadixDialog.Description>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
