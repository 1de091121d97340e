import { lazy, Suspense } from 'react';
import { useAppDialog } from '@/lib/app-dialogs';

// The dialog code (Radix) loads on first use, keeping it out of the first page's JavaScript.
const AppDialogContent = lazy(() => import('./app-dialog-content').then((m) => ({ default: m.AppDialogContent })));

/** Renders the open confirmation, trial notice or warning (lib/app-dialogs). */
export function AppDialogs() {
  const dialog = useAppDialog();
  if (!dialog) return null;
  return (
    <Suspense fallback={null}>
      <AppDialogContent dialog={dialog} />
    </Suspense>
  );
}
