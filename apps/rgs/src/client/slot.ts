import {
  JACKPOT_SHARE_E4,
  SLOT_BET_LEVELS_MINOR,
  SLOT_FREE_SPIN_MULTIPLIER,
  SLOT_FREE_SPINS,
  SLOT_FREE_SPINS_MAX,
  SLOT_LINE_COUNT,
  SLOT_LINES,
  SLOT_PAYTABLE,
  SLOT_SCATTER_PAYS,
  SLOT_STATED_RTP_E4,
  SLOT_SYMBOLS,
  type SlotSymbol,
} from '@platform/game-math';
import { hasKey } from './i18n';
import { field, h } from './dom';
import type { FairPanel } from './fair-panel';
import { fromMinor, groupDecimal, toMinor } from './format';
import type { Ctx } from './game-context';
import { bootGame, sleep } from './lib';

/** Lucky Lanterns: 5 reels × 3 rows, 20 lines, free spins, a progressive jackpot, autoplay with stop conditions. */
// Words and Latin glyphs rather than emoji: every system font has them (a phone without an emoji font shows boxes).
/** Symbols drawn as a glyph; the others show their name in the player's language (symbol.* in i18n.ts). */
const GLYPH: Partial<Record<SlotSymbol, string>> = { SCATTER: '★', SEVEN: '7', A: 'A', K: 'K', Q: 'Q', J: 'J' };
const nameOf = (t: Ctx['t'], symbol: SlotSymbol): string => {
  const key = `symbol.${symbol}`;
  return hasKey(key) ? t(key) : symbol;
};
const faceOf = (t: Ctx['t'], symbol: SlotSymbol): string => GLYPH[symbol] ?? nameOf(t, symbol);

type LineWin = { line: number; symbol: SlotSymbol; count: number; winMinor: string };
type Spin = {
  grid: SlotSymbol[][];
  lineWins: LineWin[];
  scatterCount: number;
  scatterWinMinor: string;
  freeSpinsAwarded: number;
  multiplier: number;
  winMinor: string;
};
type SlotOutcome = { spins: Spin[]; totalWinMinor: string; freeSpinsPlayed: number; jackpotTrigger: boolean };
type PlayResult = {
  round: { roundId: string; bet: string; win: string; jackpotWin: string; outcome: SlotOutcome };
  balance: string | null;
  settlement: 'done' | 'pending';
  fair: { serverSeedHash: string; clientSeed: string; nonce: number };
};

const main = async () => {
  const { ctx, fair } = await bootGame({ family: 'slot' });
  const t = ctx.t;

  const cells: HTMLElement[][] = [];
  const grid = h('div', { className: 'reels', testid: 'reels' });
  for (let reel = 0; reel < 5; reel += 1) {
    const column = h('div', { className: 'reel' });
    cells.push([]);
    for (let row = 0; row < 3; row += 1) {
      const cell = h('div', {
        className: 'cell',
        testid: 'reel-cell',
        attrs: { 'data-reel': String(reel), 'data-row': String(row) },
        text: faceOf(ctx.t, SLOT_SYMBOLS[(reel * 3 + row) % SLOT_SYMBOLS.length]!),
      });
      cell.dataset.symbol = SLOT_SYMBOLS[(reel * 3 + row) % SLOT_SYMBOLS.length]!;
      cells[reel]!.push(cell);
      column.append(cell);
    }
    grid.append(column);
  }

  const level = h('select', { testid: 'bet-level', attrs: { 'aria-label': t('lineBet') } });
  for (const minor of SLOT_BET_LEVELS_MINOR) {
    level.append(h('option', { text: fromMinor(minor), attrs: { value: fromMinor(minor) } }));
  }
  level.value = fromMinor(SLOT_BET_LEVELS_MINOR[2] ?? 1n);
  const totalBet = h('strong', { testid: 'total-bet' });
  const lineBetMinor = () => toMinor(level.value) ?? 1n;
  const showTotal = () => {
    totalBet.textContent = ctx.money(fromMinor(lineBetMinor() * BigInt(SLOT_LINE_COUNT)));
  };
  level.addEventListener('change', showTotal);
  showTotal();

  const win = h('strong', { testid: 'win', text: '0.00' });
  const freeSpins = h('span', { testid: 'free-spins', className: 'free-spins' });
  const winLines = h('ul', { testid: 'win-lines', className: 'win-lines' });
  const jackpot = h('strong', { testid: 'jackpot', text: '—' });
  const spinButton = h('button', { className: 'primary big', testid: 'spin', text: t('spin') });
  const autoLeft = h('span', { testid: 'autoplay-left', className: 'muted' });

  const refreshJackpot = async () => {
    try {
      const pool = await ctx.api.get<{ amount: string }>('slot/jackpot');
      jackpot.textContent = ctx.money(pool.amount);
    } catch {
      // The jackpot display is informative; the next refresh tries again.
    }
  };
  void refreshJackpot();
  setInterval(() => void refreshJackpot(), 15_000);

  const showSpin = (spin: Spin, index: number, total: number) => {
    for (let reel = 0; reel < 5; reel += 1) {
      for (let row = 0; row < 3; row += 1) {
        const cell = cells[reel]![row]!;
        const symbol = spin.grid[reel]![row]!;
        cell.textContent = faceOf(ctx.t, symbol);
        cell.title = nameOf(ctx.t, symbol);
        cell.dataset.symbol = symbol;
        cell.classList.remove('win', 'spinning');
      }
    }
    winLines.replaceChildren();
    for (const lineWin of spin.lineWins) {
      SLOT_LINES[lineWin.line - 1]!.slice(0, lineWin.count).forEach((row, reel) =>
        cells[reel]![row]!.classList.add('win'),
      );
      winLines.append(
        h('li', {
          testid: 'win-line',
          text: t('lineWin', {
            line: lineWin.line,
            count: lineWin.count,
            symbol: nameOf(ctx.t, lineWin.symbol),
            amount: fromMinor(BigInt(lineWin.winMinor)),
          }),
        }),
      );
    }
    if (spin.scatterCount >= 3) {
      cells.flat().forEach((cell) => cell.dataset.symbol === 'SCATTER' && cell.classList.add('win'));
      winLines.append(
        h('li', {
          text: t('scatterWin', { count: spin.scatterCount, amount: fromMinor(BigInt(spin.scatterWinMinor)) }),
        }),
      );
    }
    freeSpins.textContent = index === 0 ? '' : t('freeSpins', { played: index, total });
  };

  const spinOnce = async (): Promise<PlayResult | null> => {
    spinButton.disabled = true;
    cells.flat().forEach((cell) => cell.classList.add('spinning'));
    ctx.show('');
    try {
      const result = await ctx.api.post<PlayResult>('slot/spin', { lineBet: level.value });
      const { spins } = result.round.outcome;
      await sleep(350);
      let runningWin = 0n;
      for (const [index, spin] of spins.entries()) {
        showSpin(spin, index, spins.length - 1);
        runningWin += BigInt(spin.winMinor);
        win.textContent = fromMinor(runningWin);
        if (index === 0 && spin.freeSpinsAwarded > 0)
          ctx.show(t('freeSpinsWon', { count: spin.freeSpinsAwarded }), 'win');
        if (spins.length > 1) await sleep(index === 0 ? 1_200 : 650);
      }
      const total = BigInt(result.round.outcome.totalWinMinor);
      if (result.round.jackpotWin !== '0.00')
        ctx.show(t('jackpotWon', { amount: ctx.money(result.round.jackpotWin) }), 'win');
      else if (result.settlement === 'pending' && total > 0n)
        ctx.show(t('winPending', { amount: ctx.money(result.round.win) }));
      else if (total > 0n) ctx.show(t('youWon', { amount: ctx.money(result.round.win) }), 'win');
      else ctx.show(t('noWin'));
      await ctx.setBalance(result.balance);
      fair?.update(result.fair);
      void ctx.refreshRounds();
      void refreshJackpot();
      return result;
    } catch (error) {
      cells.flat().forEach((cell) => cell.classList.remove('spinning'));
      ctx.showError(error);
      return null;
    } finally {
      spinButton.disabled = autoplay.running;
    }
  };
  spinButton.addEventListener('click', () => void spinOnce());

  const autoplay = autoplayPanel(ctx, spinOnce, autoLeft, (running) => {
    spinButton.disabled = running;
    level.disabled = running;
  });

  const paytable = paytableDialog(ctx, lineBetMinor);
  const paytableButton = h('button', {
    testid: 'paytable-open',
    text: t('paytable'),
    on: { click: () => paytable.open() },
  });

  ctx.main.append(
    h('div', { className: 'jackpot' }, `${t('jackpot')}: `, jackpot),
    grid,
    h('div', { className: 'row spread' }, h('span', {}, `${t('win')}: `, win), freeSpins),
    winLines,
    h(
      'div',
      { className: 'controls' },
      field(t('lineBet'), level),
      h('span', { className: 'field' }, h('span', { text: t('totalBet') }), totalBet),
      spinButton,
    ),
    h('div', { className: 'row' }, paytableButton, autoplay.button, autoLeft),
    autoplay.panel,
    paytable.element,
  );
};

type Autoplay = { running: boolean; button: HTMLButtonElement; panel: HTMLElement };

/** Autoplay stops on: spins done, losses reaching a limit, a single win above a threshold, free spins won, an error. */
const autoplayPanel = (
  ctx: Ctx,
  spinOnce: () => Promise<PlayResult | null>,
  left: HTMLElement,
  onRunning: (running: boolean) => void,
): Autoplay => {
  const t = ctx.t;
  const spins = h('input', { testid: 'autoplay-spins', attrs: { type: 'number', min: '1', max: '1000', value: '10' } });
  const lossLimit = h('input', { testid: 'autoplay-loss-limit', attrs: { inputmode: 'decimal', placeholder: '—' } });
  const winAbove = h('input', { testid: 'autoplay-win-above', attrs: { inputmode: 'decimal', placeholder: '—' } });
  const stopFeature = h('input', { testid: 'autoplay-stop-feature', attrs: { type: 'checkbox' } });
  stopFeature.checked = true;
  const start = h('button', { className: 'primary', testid: 'autoplay-start', text: t('autoplayStart') });
  const stop = h('button', { testid: 'autoplay-stop', text: t('autoplayStop') });
  stop.hidden = true;
  const panel = h(
    'div',
    { className: 'panel autoplay', testid: 'autoplay-panel' },
    field(t('autoplaySpins'), spins),
    field(t('autoplayLossLimit'), lossLimit),
    field(t('autoplayWinAbove'), winAbove),
    h('label', { className: 'check' }, stopFeature, h('span', { text: t('autoplayStopFeature') })),
    h('div', { className: 'row' }, start, stop),
  );
  panel.hidden = true;
  const state: Autoplay = {
    running: false,
    button: h('button', {
      testid: 'autoplay-open',
      text: t('autoplay'),
      on: { click: () => (panel.hidden = !panel.hidden) },
    }),
    panel,
  };
  let stopRequested = false;
  stop.addEventListener('click', () => {
    stopRequested = true;
  });
  start.addEventListener('click', () => {
    void (async () => {
      const count = Math.max(1, Math.min(1000, Number(spins.value) || 1));
      const limit = lossLimit.value.trim() === '' ? null : toMinor(lossLimit.value);
      const above = winAbove.value.trim() === '' ? null : toMinor(winAbove.value);
      state.running = true;
      stopRequested = false;
      start.hidden = true;
      stop.hidden = false;
      onRunning(true);
      let lossMinor = 0n;
      let reason: string = 'autoplay.done';
      for (let remaining = count; remaining > 0; remaining -= 1) {
        if (stopRequested) {
          reason = 'autoplay.user';
          break;
        }
        left.textContent = t('autoplayLeft', { count: remaining });
        const result = await spinOnce();
        if (result === null) {
          reason = 'autoplay.error';
          break;
        }
        const winMinor = toMinor(result.round.win) ?? 0n;
        lossMinor += (toMinor(result.round.bet) ?? 0n) - winMinor - (toMinor(result.round.jackpotWin) ?? 0n);
        if (limit !== null && lossMinor >= limit) {
          reason = 'autoplay.loss';
          break;
        }
        if (above !== null && winMinor > above) {
          reason = 'autoplay.win';
          break;
        }
        if (stopFeature.checked && (result.round.outcome.freeSpinsPlayed > 0 || result.round.jackpotWin !== '0.00')) {
          reason = 'autoplay.feature';
          break;
        }
        await sleep(300);
      }
      state.running = false;
      start.hidden = false;
      stop.hidden = true;
      left.textContent = t('autoplayStopped', { reason: t(reason as 'autoplay.done') });
      onRunning(false);
    })();
  });
  return state;
};

const paytableDialog = (ctx: Ctx, lineBetMinor: () => bigint) => {
  const t = ctx.t;
  const body = h('div');
  const dialog = h('dialog', { className: 'paytable', testid: 'paytable' });
  const render = () => {
    const lineBet = lineBetMinor();
    const rows = Object.entries(SLOT_PAYTABLE).map(([symbol, pays]) =>
      h(
        'tr',
        {},
        h('td', {
          className: 'sym',
          text: [GLYPH[symbol as SlotSymbol], nameOf(t, symbol as SlotSymbol)].filter(Boolean).join(' '),
        }),
        ...pays.map((pay) => h('td', { text: groupDecimal(fromMinor(BigInt(pay) * lineBet)) })),
      ),
    );
    body.replaceChildren(
      h('h2', { text: t('paytable') }),
      h('p', { text: t('paytableLines', { lineBet: fromMinor(lineBet) }) }),
      h(
        'table',
        { className: 'rounds' },
        h(
          'thead',
          {},
          h('tr', {}, h('th', {}), h('th', { text: '3' }), h('th', { text: '4' }), h('th', { text: '5' })),
        ),
        h('tbody', {}, ...rows),
      ),
      h('p', { text: `${GLYPH.SCATTER} ${t('paytableScatter', { pays: SLOT_SCATTER_PAYS.join(', ') })}` }),
      h('p', {
        text: t('paytableFree', {
          count: SLOT_FREE_SPINS,
          multiplier: SLOT_FREE_SPIN_MULTIPLIER,
          max: SLOT_FREE_SPINS_MAX,
        }),
      }),
      h('p', { text: `${GLYPH.WILD} ${t('paytableWild')}` }),
      h('p', { text: t('paytableRtp', { rtp: (SLOT_STATED_RTP_E4 / 100).toFixed(2), share: JACKPOT_SHARE_E4 / 100 }) }),
      h('h3', { text: t('paytableLinesList') }),
      h(
        'ol',
        { className: 'lines' },
        ...SLOT_LINES.map((line) => h('li', { text: line.map((row) => row + 1).join('-') })),
      ),
      h('button', { testid: 'paytable-close', text: t('close'), on: { click: () => dialog.close() } }),
    );
  };
  dialog.append(body);
  return {
    element: dialog,
    open: () => {
      render();
      dialog.showModal();
    },
  };
};

void main().catch(() => undefined);
export type { FairPanel };
