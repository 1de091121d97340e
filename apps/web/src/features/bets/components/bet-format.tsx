import { useTranslation } from 'react-i18next';
import { dateTimeFormat, useLocale } from '@/lib/i18n/use-locale';
import { groupDigits } from '@/lib/wallet';

/** "+1250.00" → "+1,250.00", "-5.00" → "-5.00": a signed wire amount grouped, never through a float. */
export const signedAmount = (amount: string): string =>
  amount.startsWith('+') ? `+${groupDigits(amount.slice(1))}` : groupDigits(amount);

/** Up, down or even: the profit's colour (and the word for it, so colour is not the only signal). */
export const profitTone = (amount: string): 'up' | 'down' | 'even' =>
  amount.startsWith('-') ? 'down' : /[1-9]/.test(amount) ? 'up' : 'even';

export function TimeText({ iso }: { iso: string }) {
  // The pack's locale (TY -> fil-PH): the pack code itself is no locale, and Intl would fall back to English.
  const locale = useLocale();
  const text = dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(iso));
  return <time dateTime={iso}>{text}</time>;
}

export function ProfitText({ amount, testId }: { amount: string; testId?: string }) {
  const { t } = useTranslation();
  const tone = profitTone(amount);
  return (
    <span className={`bets__profit bets__profit--${tone}`} data-testid={testId} data-tone={tone}>
      {signedAmount(amount)}
      {tone !== 'even' && <span className="visually-hidden"> {t(`bets.tone.${tone}`)}</span>}
    </span>
  );
}
