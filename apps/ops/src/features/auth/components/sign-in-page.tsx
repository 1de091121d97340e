import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { clearSignedOutReason, readSignedOutReason, startSession, useSession } from '@/lib/session';
import type { EnrolResult, LoginResult, SessionResult } from '../api/auth-api';
import { EnrolStep } from './enrol-step';
import { INVITE_FRAGMENT, InviteStep } from './invite-step';
import { MfaStep } from './mfa-step';
import { PasswordStep } from './password-step';
import { RecoveryCodesStep } from './recovery-codes-step';

type Step =
  | { name: 'password' }
  | { name: 'invite'; token: string }
  | { name: 'mfa'; challenge: string }
  | { name: 'enrol'; challenge: string; otpauthUrl: string; secret: string }
  | { name: 'codes'; result: EnrolResult };

/** Where to go after signing in: the page the staff member asked for, if it was one of ours. */
const targetOf = (state: unknown): string => {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : '/';
};

/** Sign-in: password, then a TOTP code or recovery code, or on first sign-in the enrolment and recovery codes. */
export function SignInPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const { token, staff } = useSession();
  const navigate = useNavigate();
  // An enrolment link opens here with its token in the fragment; it is taken off the address bar at once.
  const [step, setStep] = useState<Step>(() => {
    const token = INVITE_FRAGMENT.exec(location.hash)?.[1];
    return token === undefined ? { name: 'password' } : { name: 'invite', token };
  });
  useEffect(() => {
    if (location.hash !== '') void navigate({ pathname: location.pathname, hash: '' }, { replace: true });
  }, []);
  const [reason] = useState(readSignedOutReason);
  useEffect(() => clearSignedOutReason(), []);

  // Once the session exists, the redirect below takes the staff member on.
  const finish = (result: SessionResult) => {
    startSession(result.token, result.staff);
    setStep({ name: 'password' });
  };
  const fromLogin = (result: LoginResult) =>
    setStep(result.stage === 'MFA' ? { name: 'mfa', challenge: result.challenge } : { name: 'enrol', ...result });
  const restart = () => setStep({ name: 'password' });

  // Signed in (or already signed in when the page opened): on to the page asked for. Not while the recovery codes are
  // shown: they are on screen only once.
  if (token !== null && staff !== null && step.name !== 'codes') {
    return <Navigate to={targetOf(location.state)} replace />;
  }

  return (
    <main className="auth-page" id="main">
      <div className="auth-card">
        <p className="auth-card__brand">{t('app.name')}</p>
        {step.name === 'password' && (
          <PasswordStep notice={reason ? t(`auth.signedOut.${reason}`) : null} onResult={fromLogin} />
        )}
        {step.name === 'invite' && <InviteStep token={step.token} onResult={fromLogin} />}
        {step.name === 'mfa' && <MfaStep challenge={step.challenge} onSignedIn={finish} onRestart={restart} />}
        {step.name === 'enrol' && (
          <EnrolStep
            challenge={step.challenge}
            otpauthUrl={step.otpauthUrl}
            secret={step.secret}
            onEnrolled={(result) => setStep({ name: 'codes', result })}
            onRestart={restart}
          />
        )}
        {step.name === 'codes' && (
          <RecoveryCodesStep
            codes={step.result.recoveryCodes}
            username={step.result.staff.username}
            onDone={() => finish(step.result)}
          />
        )}
      </div>
    </main>
  );
}
