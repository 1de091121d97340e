import { lazy, Suspense, type ReactNode } from 'react';
import { useAuthDialog } from '@/lib/auth-dialog';

// Dialog code (forms, Radix, sealing) loads on first open, keeping it out of the first page's JavaScript.
const LoginDialog = lazy(() => import('./login-dialog').then((m) => ({ default: m.LoginDialog })));
const RegisterDialog = lazy(() => import('./register-dialog').then((m) => ({ default: m.RegisterDialog })));
const ForgotDialog = lazy(() => import('./forgot-dialog').then((m) => ({ default: m.ForgotDialog })));
const ResetDialog = lazy(() => import('./reset-dialog').then((m) => ({ default: m.ResetDialog })));
const ChangePasswordDialog = lazy(() =>
  import('./change-password-dialog').then((m) => ({ default: m.ChangePasswordDialog })),
);

/** A dialog's optional banner (spec §2: w_reg on registration, w_forget on forgot password), composed by the app. */
export type DialogBanner = (group: 'w_reg' | 'w_forget') => ReactNode;

/** Renders whichever account dialog is open; they swap into each other (spec §2). */
export function AuthDialogs({ banner }: { banner?: DialogBanner }) {
  const { open, resetToken } = useAuthDialog();
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      {open === 'login' && <LoginDialog />}
      {open === 'register' && <RegisterDialog banner={banner?.('w_reg')} />}
      {open === 'forgot' && <ForgotDialog banner={banner?.('w_forget')} />}
      {open === 'reset' && resetToken && <ResetDialog token={resetToken} />}
      {open === 'changePassword' && <ChangePasswordDialog />}
    </Suspense>
  );
}
