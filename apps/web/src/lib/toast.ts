// The toasts live in packages/ui (one store, one toaster for both apps); the player app's toasts have no tone.
export { clearToasts, dismissToast, showToast, TOAST_DURATION_MS, useToasts, type Toast } from '@platform/ui';
