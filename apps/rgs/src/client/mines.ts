import { MINES_MAX, MINES_MIN, MINES_TILES } from '@platform/game-math';
import { betInput, field, h } from './dom';
import { formatE4, fromMinor, toMinor } from './format';
import { bootGame } from './lib';

/** Mines: 5×5 board; reveal tiles, cash out before hitting a mine. */
type Outcome = {
  picks: number[];
  safePicks: number;
  multiplierE4: number;
  nextMultiplierE4?: number | null;
  mines?: number[];
  hitMine?: boolean;
  payoutMinor?: string;
};
type Round = { roundId: string; state: string; bet: string; win: string; outcome: Outcome };
type PlayResult = {
  round: Round;
  balance: string | null;
  settlement: 'done' | 'pending';
  fair: { serverSeedHash: string; clientSeed: string; nonce: number };
};

const main = async () => {
  const { ctx, fair } = await bootGame({ family: 'mines' });
  const t = ctx.t;
  const bet = betInput();
  const count = h('select', { testid: 'mines-count', attrs: { 'aria-label': t('mineCount') } });
  for (let m = MINES_MIN; m <= MINES_MAX; m += 1)
    count.append(h('option', { text: String(m), attrs: { value: String(m) } }));
  count.value = '3';
  const start = h('button', { className: 'primary big', testid: 'mines-start', text: t('start') });
  const cashout = h('button', { className: 'primary big', testid: 'cashout', text: t('cashOut') });
  const info = h('p', { testid: 'mines-info', className: 'muted' });
  const board = h('div', { className: 'mines-board', testid: 'mines-board' });
  const tiles = Array.from({ length: MINES_TILES }, (_, index) => {
    const tile = h('button', { className: 'tile', testid: `tile-${index}`, attrs: { 'aria-label': `${index + 1}` } });
    tile.disabled = true;
    board.append(tile);
    return tile;
  });
  let current: Round | null = null;

  const render = (round: Round | null) => {
    current = round !== null && round.state === 'OPEN' ? round : null;
    const outcome = round?.outcome;
    const picks = new Set(outcome?.picks ?? []);
    const mines = new Set(outcome?.mines ?? []);
    tiles.forEach((tile, index) => {
      tile.className = 'tile';
      tile.textContent = '';
      if (picks.has(index)) {
        tile.classList.add(mines.has(index) ? 'mine' : 'gem');
        tile.textContent = mines.has(index) ? '✖' : '◆';
      } else if (mines.has(index)) {
        tile.classList.add('mine', 'faded');
        tile.textContent = '●';
      }
      tile.disabled = current === null || picks.has(index);
    });
    start.disabled = current !== null;
    bet.disabled = current !== null;
    count.disabled = current !== null;
    cashout.disabled = current === null || (outcome?.safePicks ?? 0) === 0;
    if (current !== null && outcome !== undefined) {
      const winMinor = ((toMinor(current.bet) ?? 0n) * BigInt(outcome.multiplierE4)) / 10_000n;
      cashout.textContent = outcome.safePicks > 0 ? `${t('cashOut')} ${fromMinor(winMinor)}` : t('cashOut');
      info.textContent =
        outcome.nextMultiplierE4 === null || outcome.nextMultiplierE4 === undefined
          ? t('minesPick')
          : t('minesNext', { multiplier: formatE4(outcome.nextMultiplierE4) });
    } else {
      cashout.textContent = t('cashOut');
      info.textContent = '';
    }
  };

  const ended = async (answer: PlayResult) => {
    render(answer.round);
    if (answer.round.outcome.hitMine === true) ctx.show(t('minesHit'), 'error');
    else
      ctx.show(
        t(answer.settlement === 'pending' ? 'winPending' : 'youWon', { amount: ctx.money(answer.round.win) }),
        'win',
      );
    await ctx.setBalance(answer.balance);
    fair?.update(answer.fair);
    void ctx.refreshRounds();
  };

  start.addEventListener('click', () => {
    start.disabled = true;
    ctx.show('');
    ctx.api.post<PlayResult>('mines/start', { amount: bet.value.trim(), mines: Number(count.value) }).then(
      async (answer) => {
        render(answer.round);
        await ctx.setBalance(answer.balance);
        fair?.update(answer.fair);
      },
      (error) => {
        start.disabled = false;
        ctx.showError(error);
      },
    );
  });
  tiles.forEach((tile, index) =>
    tile.addEventListener('click', () => {
      if (current === null) return;
      tile.disabled = true;
      ctx.api
        .post<PlayResult | { round: Round }>('mines/reveal', { tile: index })
        .then((answer) => ('fair' in answer ? ended(answer) : render(answer.round)), ctx.showError);
    }),
  );
  cashout.addEventListener('click', () => {
    cashout.disabled = true;
    ctx.api.post<PlayResult>('mines/cashout').then(ended, ctx.showError);
  });

  ctx.main.append(
    board,
    info,
    h('div', { className: 'controls' }, field(t('bet'), bet), field(t('mineCount'), count), start, cashout),
  );
  render(null);
  // A reloaded page resumes the board in play.
  ctx.api.get<{ round: Round | null }>('mines/current').then((answer) => render(answer.round), ctx.showError);
};

void main().catch(() => undefined);
