import { crashMultiplierAtE2 } from '@platform/game-math';
import { io } from 'socket.io-client';
import { ApiError } from './api-client';
import { betInput, field, h } from './dom';
import { formatE2 } from './format';
import { bootGame } from './lib';

/**
 * Crash: shared rounds pushed over Socket.IO (phase, round number, start time); the page draws the curve itself
 * with game-math's crashMultiplierAtE2 from the server's start time, corrected by the clock offset of each event.
 */
type RoundEvent = {
  chainId: number;
  roundNo: number;
  phase: 'BETTING' | 'RUNNING' | 'CRASHED';
  bettingAt: number;
  startAt: number;
  serverNow: number;
  crashE2: number | null;
  hash: string | null;
  crashedAt: number | null;
};
type BetView = {
  player: string;
  amount: string;
  currency: string;
  autoCashoutE2: number | null;
  cashoutE2: number | null;
  win: string | null;
};
type Snapshot = RoundEvent & {
  bets: BetView[];
  history: { roundNo: number; crashE2: number }[];
  terminatingHash: string;
  salt: string;
};
type MyBet = BetView & { roundId: string | null; state: string };

const main = async () => {
  const { ctx, side } = await bootGame({ family: 'crash' });
  const t = ctx.t;
  const bet = betInput();
  const auto = h('input', {
    testid: 'auto-cashout',
    attrs: { inputmode: 'decimal', placeholder: t('autoCashoutNone') },
  });
  const place = h('button', { className: 'primary big', testid: 'place-bet', text: t('placeBet') });
  const cashout = h('button', { className: 'primary big', testid: 'cashout', text: t('cashOut') });
  const multiplier = h('div', { className: 'crash-multiplier', testid: 'crash-multiplier', text: '1.00x' });
  const phase = h('div', { className: 'crash-phase', testid: 'crash-phase', text: t('waitingRound') });
  const mine = h('p', { testid: 'my-bet', className: 'muted' });
  const players = h('ul', { className: 'players', testid: 'crash-players' });
  const history = h('div', { className: 'history', testid: 'crash-history' });
  const canvas = h('canvas', { className: 'crash-canvas', attrs: { width: '600', height: '300' } });
  const terminating = h('code', { className: 'hash', testid: 'terminating-hash' });
  const salt = h('code', { className: 'hash', testid: 'chain-salt' });

  let round: RoundEvent | null = null;
  let offsetMs = 0;
  let bets: BetView[] = [];
  let myBet: MyBet | null = null;
  const serverNow = () => Date.now() + offsetMs;

  const onRound = (event: RoundEvent) => {
    offsetMs = event.serverNow - Date.now();
    const newRound = round?.roundNo !== event.roundNo;
    round = event;
    if (newRound && event.phase === 'BETTING') {
      bets = [];
      if (myBet !== null && myBet.state !== 'ACTIVE') myBet = null;
    }
    if (event.phase === 'CRASHED') {
      if (myBet?.state === 'ACTIVE') {
        myBet = { ...myBet, state: 'LOST' };
        ctx.show(t('phase.CRASHED', { multiplier: formatE2(event.crashE2 ?? 100) }), 'error');
      }
      void ctx.refreshRounds();
    }
    if (newRound && event.phase === 'BETTING') myBet = null;
    renderPlayers();
    renderControls();
  };

  const renderPlayers = () => {
    players.replaceChildren(
      ...bets.map((entry) =>
        h(
          'li',
          { testid: 'crash-player-row', className: entry.cashoutE2 !== null ? 'pos' : '' },
          h('span', { text: entry.player }),
          h('span', { text: `${entry.amount} ${entry.currency}` }),
          h('span', { text: entry.cashoutE2 === null ? '' : `${formatE2(entry.cashoutE2)} → ${entry.win ?? ''}` }),
        ),
      ),
    );
  };
  const renderControls = () => {
    const phaseNow = round?.phase;
    place.disabled = phaseNow !== 'BETTING' || myBet !== null;
    cashout.disabled = phaseNow !== 'RUNNING' || myBet?.state !== 'ACTIVE';
    if (myBet === null) mine.textContent = '';
    else if (myBet.cashoutE2 !== null)
      mine.textContent = t('cashedOut', {
        multiplier: formatE2(myBet.cashoutE2),
        amount: ctx.money(myBet.win ?? '0.00'),
      });
    else mine.textContent = t('yourBet', { amount: ctx.money(myBet.amount) });
  };
  const renderHistory = (list: { roundNo: number; crashE2: number }[]) => {
    history.replaceChildren(
      ...list.map((item) =>
        h('span', {
          className: `chip ${item.crashE2 >= 200 ? 'hot' : ''}`,
          text: formatE2(item.crashE2),
          attrs: { title: `#${item.roundNo}` },
        }),
      ),
    );
  };

  // The curve and the big number, every frame.
  const draw = () => {
    const context = canvas.getContext('2d');
    if (round !== null) {
      const now = serverNow();
      let value = 100;
      let label: string;
      if (round.phase === 'BETTING') {
        label = t('phase.BETTING', { seconds: Math.max(0, Math.ceil((round.startAt - now) / 1000)) });
      } else if (round.phase === 'RUNNING') {
        value = crashMultiplierAtE2(Math.max(0, now - round.startAt));
        label = t('phase.RUNNING');
      } else {
        value = round.crashE2 ?? 100;
        label = t('phase.CRASHED', { multiplier: formatE2(value) });
      }
      multiplier.textContent = formatE2(value);
      multiplier.classList.toggle('crashed', round.phase === 'CRASHED');
      phase.textContent = label;
      // The shared round's number and phase, for anyone comparing two screens (and for browser tests).
      phase.dataset.round = String(round.roundNo);
      phase.dataset.phase = round.phase;
      if (context !== null) {
        const { width, height } = canvas;
        context.clearRect(0, 0, width, height);
        if (round.phase !== 'BETTING') {
          const endMs =
            round.phase === 'RUNNING' ? Math.max(0, now - round.startAt) : (round.crashedAt ?? now) - round.startAt;
          const spanMs = Math.max(8_000, endMs);
          const top = Math.max(200, value);
          // The theme's colours (styles/page.css): the canvas does not read CSS by itself.
          const styles = getComputedStyle(canvas);
          context.strokeStyle = styles.getPropertyValue(round.phase === 'CRASHED' ? '--lose' : '--accent').trim();
          context.lineWidth = 4;
          context.beginPath();
          for (let i = 0; i <= 60; i += 1) {
            const ms = (endMs * i) / 60;
            const px = (ms / spanMs) * (width - 10) + 5;
            const py = height - 5 - ((crashMultiplierAtE2(ms) - 100) / (top - 100)) * (height - 10);
            if (i === 0) context.moveTo(px, py);
            else context.lineTo(px, py);
          }
          context.stroke();
        }
      }
    }
    requestAnimationFrame(draw);
  };
  requestAnimationFrame(draw);

  const socket = io({
    path: new URL('../socket.io', window.location.href).pathname,
    transports: ['websocket', 'polling'],
  });
  socket.on('crash:snapshot', (snapshot: Snapshot | null) => {
    if (snapshot === null) return;
    bets = snapshot.bets;
    terminating.textContent = snapshot.terminatingHash;
    salt.textContent = snapshot.salt;
    renderHistory(snapshot.history);
    onRound(snapshot);
  });
  socket.on('crash:round', (event: RoundEvent) => {
    onRound(event);
    if (event.phase === 'CRASHED' && event.crashE2 !== null) {
      const chips = [...history.children].map((chip) => chip.textContent);
      history.prepend(
        h('span', { className: `chip ${event.crashE2 >= 200 ? 'hot' : ''}`, text: formatE2(event.crashE2) }),
      );
      if (chips.length >= 20) history.lastElementChild?.remove();
    }
  });
  socket.on('crash:bet', (event: { roundNo: number; bet: BetView }) => {
    if (event.roundNo !== round?.roundNo) return;
    bets.push(event.bet);
    renderPlayers();
  });
  // Other players are masked on the socket: when a cash-out at my automatic target comes while my bet is in play,
  // ask the API whether it was mine.
  const checkMyBet = async () => {
    const answer = await ctx.api.get<{ myBet: MyBet | null }>('crash/state');
    if (answer.myBet !== null && answer.myBet.state === 'CASHED' && myBet?.state === 'ACTIVE') {
      myBet = answer.myBet;
      const amount = ctx.money(answer.myBet.win ?? '0.00');
      ctx.show(t('cashedOut', { multiplier: formatE2(answer.myBet.cashoutE2 ?? 0), amount }), 'win');
      await ctx.setBalance(null);
      renderControls();
      void ctx.refreshRounds();
    }
  };
  socket.on('crash:cashout', (event: { roundNo: number; bet: BetView }) => {
    const entry = bets.find(
      (item) => item.player === event.bet.player && item.cashoutE2 === null && item.amount === event.bet.amount,
    );
    if (entry !== undefined) Object.assign(entry, event.bet);
    renderPlayers();
    if (myBet?.state === 'ACTIVE' && myBet.autoCashoutE2 !== null && event.bet.cashoutE2 === myBet.autoCashoutE2) {
      checkMyBet().catch(ctx.showError);
    }
  });

  // My own bet in the round in play (after a reload).
  ctx.api.get<{ myBet: MyBet | null }>('crash/state').then((answer) => {
    myBet = answer.myBet;
    renderControls();
  }, ctx.showError);

  place.addEventListener('click', () => {
    place.disabled = true;
    ctx.show('');
    const autoText = auto.value.trim();
    ctx.api
      .post<{ round: { bet: string; params: { autoCashoutE2: number | null } }; balance: string }>('crash/bets', {
        amount: bet.value.trim(),
        ...(autoText === '' ? {} : { autoCashout: autoText.replace(/x$/i, '') }),
      })
      .then(
        async (answer) => {
          myBet = {
            player: '',
            amount: answer.round.bet,
            currency: ctx.session.currency,
            autoCashoutE2: answer.round.params.autoCashoutE2,
            cashoutE2: null,
            win: null,
            roundId: null,
            state: 'ACTIVE',
          };
          await ctx.setBalance(answer.balance);
          renderControls();
        },
        (error: unknown) => {
          ctx.showError(error);
          renderControls();
        },
      );
  });
  cashout.addEventListener('click', () => {
    cashout.disabled = true;
    ctx.api
      .post<{ round: { win: string; outcome: { cashoutE2: number } }; balance: string | null; settlement: string }>(
        'crash/cashout',
      )
      .then(
        async (answer) => {
          if (myBet !== null)
            myBet = { ...myBet, state: 'CASHED', cashoutE2: answer.round.outcome.cashoutE2, win: answer.round.win };
          ctx.show(
            t('cashedOut', {
              multiplier: formatE2(answer.round.outcome.cashoutE2),
              amount: ctx.money(answer.round.win),
            }),
            'win',
          );
          await ctx.setBalance(answer.balance);
          renderControls();
          void ctx.refreshRounds();
        },
        (error: unknown) => {
          ctx.showError(error);
          if (error instanceof ApiError && error.code === 'ROUND_NOT_OPEN') myBet = null;
          renderControls();
        },
      );
  });

  ctx.main.append(
    h('div', { className: 'crash-stage' }, canvas, multiplier, phase),
    history,
    mine,
    h('div', { className: 'controls' }, field(t('bet'), bet), field(t('autoCashout'), auto), place, cashout),
    h('section', { className: 'panel' }, h('h2', { text: t('players') }), players),
  );
  side.prepend(
    h(
      'section',
      { className: 'panel fair', testid: 'fair-panel' },
      h('h2', { text: t('fair') }),
      h('div', { className: 'kv' }, h('span', { text: t('terminatingHash') }), terminating),
      h('div', { className: 'kv' }, h('span', { text: t('salt') }), salt),
      h('p', { className: 'muted small', text: t('chainHelp') }),
    ),
  );
};

void main().catch(() => undefined);
