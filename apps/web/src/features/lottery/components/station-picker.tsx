import { useTranslation } from 'react-i18next';
import type { LotteryMenuItem } from '../api/lgw';

/**
 * The provinces drawing today in a Vietnamese region (ADR 0050), one checkbox each: a bet on n of them is n bets (2 đài,
 * 3 đài), one per station's draw. At least one stays chosen; a suspended station cannot be chosen.
 */
export function StationPicker({
  choices,
  chosen,
  onChange,
}: {
  /** The region's station slots whose issue on offer is the one on show, main station first. */
  choices: readonly LotteryMenuItem[];
  chosen: readonly string[];
  onChange: (codes: string[]) => void;
}) {
  const { t } = useTranslation();
  const toggle = (code: string) =>
    onChange(
      chosen.includes(code)
        ? chosen.filter((c) => c !== code)
        : choices.map((c) => c.gameCode).filter((c) => c === code || chosen.includes(c)),
    );
  return (
    <fieldset className="lottery__stations" data-testid="lottery-stations">
      <legend>{t('lottery.stations')}</legend>
      <div className="lottery__station-list">
        {choices.map((choice) => {
          const on = chosen.includes(choice.gameCode);
          return (
            <label key={choice.gameCode} className={`lottery__station${on ? ' lottery__station--on' : ''}`}>
              <input
                type="checkbox"
                checked={on}
                disabled={choice.suspended || (on && chosen.length === 1)}
                onChange={() => toggle(choice.gameCode)}
              />
              <span>{choice.station ?? choice.gameCode}</span>
            </label>
          );
        })}
      </div>
      <p className="lottery__stations-count muted" data-testid="lottery-stations-count">
        {t('lottery.stationsChosen', { count: chosen.length })}
      </p>
    </fieldset>
  );
}
