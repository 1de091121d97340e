import { useTranslation } from 'react-i18next';
import { SLOT_LINES, SLOT_ROW_COUNT, type SlotRound, type SlotSpin } from '@platform/game-math';
import { moneyText } from '../utils/format';

/** Cells ("reel:row") on a winning line's paying run, to highlight them on the grid. */
const winningCells = (spin: SlotSpin): Set<string> => {
  const cells = new Set<string>();
  for (const win of spin.lineWins) {
    const rows = SLOT_LINES[win.line - 1] ?? [];
    rows.slice(0, win.count).forEach((row, reel) => cells.add(`${reel}:${row}`));
  }
  return cells;
};

function SpinView({ spin, index, scale }: { spin: SlotSpin; index: number; scale: number }) {
  const { t } = useTranslation();
  const symbol = (name: string) => t(`verify.slot.symbols.${name}`);
  const cells = winningCells(spin);
  const rows = Array.from({ length: SLOT_ROW_COUNT }, (_, row) => row);
  return (
    <div className="verify-slot__spin" data-testid="verify-slot-spin">
      <h3 className="verify__subtitle">
        {index === 0 ? t('verify.slot.baseSpin') : t('verify.slot.freeSpin', { index, multiplier: spin.multiplier })}
      </h3>
      <table className="verify-slot__grid" data-testid="verify-slot-grid">
        <caption className="visually-hidden">{t('verify.slot.gridCaption')}</caption>
        <tbody>
          {rows.map((row) => (
            <tr key={row}>
              {spin.grid.map((reel, reelIndex) => {
                const name = reel[row] ?? '';
                const win = cells.has(`${reelIndex}:${row}`);
                return (
                  <td
                    key={reelIndex}
                    className={`verify-slot__cell verify-slot__cell--${name.toLowerCase()}${win ? ' verify-slot__cell--win' : ''}`}
                    data-symbol={name}
                  >
                    {symbol(name)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="verify__lines">
        {spin.lineWins.map((win) => (
          <li key={win.line} data-testid="verify-slot-line">
            {t('verify.slot.lineWin', {
              line: win.line,
              count: win.count,
              symbol: symbol(win.symbol),
              amount: moneyText(win.winMinor, scale),
            })}
          </li>
        ))}
        {spin.scatterWinMinor > 0n && (
          <li>
            {t('verify.slot.scatterWin', { count: spin.scatterCount, amount: moneyText(spin.scatterWinMinor, scale) })}
          </li>
        )}
        {spin.freeSpinsAwarded > 0 && <li>{t('verify.slot.freeSpinsAwarded', { count: spin.freeSpinsAwarded })}</li>}
        {spin.winMinor === 0n && <li className="muted">{t('verify.slot.noWin')}</li>}
      </ul>
    </div>
  );
}

/** The slot round: every spin's grid with its paying lines, and the round's total. */
export function SlotOutcome({ round, scale }: { round: SlotRound; scale: number }) {
  const { t } = useTranslation();
  return (
    <div className="verify-slot">
      <p className="verify__headline" data-testid="verify-slot-total">
        {t('verify.slot.total', { amount: moneyText(round.totalWinMinor, scale) })}
      </p>
      {round.freeSpinsPlayed > 0 && <p>{t('verify.slot.freeSpinsPlayed', { count: round.freeSpinsPlayed })}</p>}
      {round.jackpotTrigger && (
        <p className="verify__good" data-testid="verify-slot-jackpot">
          {t('verify.slot.jackpot')}
        </p>
      )}
      {round.spins.map((spin, index) => (
        <SpinView key={index} spin={spin} index={index} scale={scale} />
      ))}
    </div>
  );
}
