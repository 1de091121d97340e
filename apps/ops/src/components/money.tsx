import { formatAmount, formatMinor } from '@/lib/money';
import { useLanguage } from '@/lib/i18n';

type MoneyProps = { scale?: number; testId?: string } & ({ amount: string } | { minor: bigint });

/** An amount, right-aligned digits, negative in the danger colour. Wire strings or bigint minor units. */
export function Money(props: MoneyProps) {
  useLanguage(); // grouping follows the language in use
  const scale = props.scale ?? 2;
  const text = 'minor' in props ? formatMinor(props.minor, scale) : formatAmount(props.amount, scale);
  return (
    <span className={text.startsWith('-') ? 'money money--negative' : 'money'} data-testid={props.testId}>
      {text}
    </span>
  );
}
