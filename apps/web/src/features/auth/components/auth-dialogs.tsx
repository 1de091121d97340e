import { lazy, Suspense } from 'react';
import { useAuthDialog } from '@/lib/auth-dialog';

// Dialog code (and Radix) loads on first open, keeping it out of the first page's JavaScript.
const LoginDialog = lazy(() => import('./login-dialog').then((m) => ({ default: m.LoginDialog })));
const RegisterDialog = lazy(() => import('./register-dialog').then((m) => ({ default: m.RegisterDialog })));

/** Renders whichever account dialog is open; the login and register dialogs swap into each other. */
export function AuthDialogs() {
  const { open } = useAuthDialog();
  if (!open) return null;
  return <Suspense fallback={null}>{open === 'login' ? <LoginDialog /> : <RegisterDialog />}</Suspense>;
}
