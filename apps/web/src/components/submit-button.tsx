import { useTranslation } from 'react-i18next';

type SubmitButtonProps = {
  /** The form is being sent: the button is disabled, marked busy and says "loading". */
  busy: boolean;
  label: string;
  testId: string;
  /** Full width, as in the dialogs. */
  block?: boolean;
  /** Disabled for another reason than being busy (nothing changed yet, data still loading). */
  disabled?: boolean;
};

/** A form's primary submit button with its busy state. */
export function SubmitButton({ busy, label, testId, block = false, disabled = false }: SubmitButtonProps) {
  const { t } = useTranslation();
  return (
    <button
      type="submit"
      className={block ? 'button button--primary button--block' : 'button button--primary'}
      data-testid={testId}
      disabled={busy || disabled}
      aria-busy={busy || undefined}
    >
      {busy ? t('common.loading') : label}
    </button>
  );
}
