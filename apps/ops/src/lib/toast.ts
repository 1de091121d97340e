import { showToast as show, type Toast } from '@platform/ui';

export { clearToasts, dismissToast, TOAST_DURATION_MS, useToasts, type Toast } from '@platform/ui';

/** The back office's toasts are coloured by tone, success unless told otherwise. */
export const showToast = (message: string, tone: NonNullable<Toast['tone']> = 'success') => show(message, tone);
