import { useDeferredValue, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '@/components/page-frame';
import { Tabs } from '@/components/tabs';
import { useConfig } from '@/lib/config';
import { runVerify } from '../utils/run-verify';
import { formFromQuery, VERIFY_FAMILIES, type VerifyFamily, type VerifyForm } from '../utils/verify-form';
import { CrashFields, GameFields, SeedFields } from './verify-fields';
import { VerifyResult } from './verify-result';
import './verify.css';

/**
 * `/verify` (issue 6, DESIGN.md §6 provably fair): anyone can recompute a revealed round in the browser with the
 * engines the game server runs (@platform/game-math, in this page's chunk only). A link from a game or the betting
 * record fills the form (verify-form.ts); every edit recomputes at once.
 */
export function VerifyPage({ title }: { title: string }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { scale } = useConfig().currency;
  const [form, setForm] = useState<VerifyForm>(() => formFromQuery(params, scale));
  const deferred = useDeferredValue(form);
  const verification = useMemo(() => runVerify(deferred, scale), [deferred, scale]);
  const change = <K extends keyof VerifyForm>(key: K, value: VerifyForm[K]) =>
    setForm((current) => ({ ...current, [key]: value }));
  const shown = (key: keyof VerifyForm) =>
    form[key] === deferred[key] && verification.errors[key]
      ? t(`verify.errors.${verification.errors[key]}`)
      : undefined;

  return (
    <PageFrame title={title} testId="verify-page">
      <p className="verify__intro">{t('verify.intro')}</p>
      <div className="verify__tabs">
        <Tabs
          label={t('verify.family')}
          items={VERIFY_FAMILIES.map((family) => ({
            key: family,
            label: t(`verify.families.${family}`),
            testId: `verify-family-${family}`,
          }))}
          active={form.family}
          onChange={(family: VerifyFamily) => change('family', family)}
        >
          <div className="verify">
            <form className="verify__form" onSubmit={(event) => event.preventDefault()} noValidate>
              {form.family === 'crash' ? (
                <CrashFields form={form} change={change} error={shown} />
              ) : (
                <>
                  <SeedFields form={form} change={change} error={shown} hash={verification.hash} />
                  <GameFields form={form} change={change} error={shown} />
                </>
              )}
            </form>
            <VerifyResult form={deferred} verification={verification} scale={scale} />
          </div>
        </Tabs>
      </div>
    </PageFrame>
  );
}
