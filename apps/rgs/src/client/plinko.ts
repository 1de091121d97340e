import { PLINKO_RISKS, PLINKO_ROWS_MAX, PLINKO_ROWS_MIN, plinkoPayoutsE4, type PlinkoRisk } from '@platform/game-math';
import { betInput, field, h } from './dom';
import { formatE4 } from './format';
import { bootGame, sleep } from './lib';

/** Plinko: the ball falls through the pegs (its path comes from the round), landing in a multiplier bucket. */
type PlayResult = {
  round: { win: string; outcome: { path: ('L' | 'R')[]; bucket: number; multiplierE4: number } };
  balance: string | null;
  settlement: 'done' | 'pending';
  fair: { serverSeedHash: string; clientSeed: string; nonce: number };
};

const SVG = 'http://www.w3.org/2000/svg';
const svg = (tag: string, attrs: Record<string, string | number>): SVGElement => {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, String(value));
  return element;
};

const main = async () => {
  const { ctx, fair } = await bootGame({ family: 'plinko' });
  const t = ctx.t;
  const bet = betInput();
  const rows = h('select', { testid: 'plinko-rows', attrs: { 'aria-label': t('rows') } });
  for (let r = PLINKO_ROWS_MIN; r <= PLINKO_ROWS_MAX; r += 1)
    rows.append(h('option', { text: String(r), attrs: { value: String(r) } }));
  rows.value = '12';
  const risk = h('select', { testid: 'plinko-risk', attrs: { 'aria-label': t('risk') } });
  for (const level of PLINKO_RISKS) risk.append(h('option', { text: t(`risk.${level}`), attrs: { value: level } }));
  risk.value = 'medium';
  const drop = h('button', { className: 'primary big', testid: 'drop', text: t('drop') });
  const result = h('div', { className: 'dice-result', testid: 'plinko-result', text: '—' });
  const board = svg('svg', { class: 'plinko-board', viewBox: '0 0 100 100', role: 'img' }) as SVGSVGElement;
  const buckets = h('div', { className: 'buckets', testid: 'plinko-buckets' });

  const geometry = () => {
    const count = Number(rows.value);
    const gap = 90 / (count + 1);
    return {
      count,
      gap,
      x: (row: number, k: number) => 50 + (k - row / 2) * gap,
      y: (row: number) => 6 + row * (88 / count),
    };
  };
  const drawBoard = () => {
    const { count, x, y } = geometry();
    board.replaceChildren();
    for (let row = 0; row < count; row += 1) {
      for (let k = 0; k <= row + 1; k += 1)
        board.append(svg('circle', { cx: x(row + 1, k), cy: y(row), r: 0.9, class: 'peg' }));
    }
    buckets.replaceChildren(
      ...plinkoPayoutsE4(count, risk.value as PlinkoRisk).map((e4, k) =>
        h('span', {
          className: `bucket ${e4 >= 10_000 ? 'hot' : ''}`,
          testid: `plinko-bucket-${k}`,
          text: formatE4(e4).replace('.00x', 'x'),
        }),
      ),
    );
  };
  rows.addEventListener('change', drawBoard);
  risk.addEventListener('change', drawBoard);
  drawBoard();

  const animate = async (path: ('L' | 'R')[]) => {
    const { x, y } = geometry();
    const ball = svg('circle', { cx: 50, cy: 1, r: 1.6, class: 'ball' });
    board.append(ball);
    let k = 0;
    for (let row = 0; row < path.length; row += 1) {
      ball.setAttribute('cx', String(x(row + 1, k + 0.5)));
      ball.setAttribute('cy', String(y(row) - 2));
      await sleep(70);
      if (path[row] === 'R') k += 1;
    }
    ball.setAttribute('cx', String(x(path.length, k)));
    ball.setAttribute('cy', '98');
    await sleep(300);
    ball.remove();
  };

  drop.addEventListener('click', () => {
    drop.disabled = true;
    ctx.show('');
    ctx.api
      .post<PlayResult>('plinko/drop', { amount: bet.value.trim(), rows: Number(rows.value), risk: risk.value })
      .then(async (answer) => {
        const outcome = answer.round.outcome;
        await animate(outcome.path);
        buckets
          .querySelectorAll('.bucket')
          .forEach((bucket, k) => bucket.classList.toggle('landed', k === outcome.bucket));
        result.textContent = formatE4(outcome.multiplierE4);
        ctx.show(t('youWon', { amount: ctx.money(answer.round.win) }), outcome.multiplierE4 >= 10_000 ? 'win' : 'info');
        await ctx.setBalance(answer.balance);
        fair?.update(answer.fair);
        void ctx.refreshRounds();
      }, ctx.showError)
      .finally(() => {
        drop.disabled = false;
      });
  });

  ctx.main.append(
    result,
    board,
    buckets,
    h('div', { className: 'controls' }, field(t('bet'), bet), field(t('rows'), rows), field(t('risk'), risk), drop),
  );
};

void main().catch(() => undefined);
