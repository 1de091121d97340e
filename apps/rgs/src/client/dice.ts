import { DICE_TARGET_MAX, DICE_TARGET_MIN, diceQuote } from '@platform/game-math';
import { betInput, field, h } from './dom';
import { formatE4 } from './format';
import { bootGame } from './lib';

/** Dice: roll 0.00–100.00; bet over or under a target; the win chance and multiplier follow from game-math. */
type PlayResult = {
  round: { win: string; outcome: { roll: number; win: boolean; multiplierE4: number } };
  balance: string | null;
  settlement: 'done' | 'pending';
  fair: { serverSeedHash: string; clientSeed: string; nonce: number };
};

const main = async () => {
  const { ctx, fair } = await bootGame({ family: 'dice' });
  const t = ctx.t;
  const bet = betInput();
  let over = true;
  const target = h('input', {
    testid: 'dice-target',
    attrs: { type: 'range', min: String(DICE_TARGET_MIN * 100), max: '9800', step: '1', value: '5000' },
  });
  const targetText = h('strong', { testid: 'dice-target-value' });
  const chance = h('strong', { testid: 'dice-chance' });
  const multiplier = h('strong', { testid: 'dice-multiplier' });
  const direction = h('button', { testid: 'dice-over' });
  const result = h('div', { className: 'dice-result', testid: 'dice-result', text: '—' });
  const roll = h('button', { className: 'primary big', testid: 'roll', text: t('roll') });

  const clampTarget = (): number => {
    let value = Number(target.value);
    // Keep the win chance within game-math's bounds (0.01%..98%) for the chosen direction.
    value = over ? Math.max(200, Math.min(DICE_TARGET_MAX, value)) : Math.max(DICE_TARGET_MIN, Math.min(9_800, value));
    return value;
  };
  const refresh = () => {
    target.min = over ? '200' : String(DICE_TARGET_MIN);
    target.max = over ? String(DICE_TARGET_MAX) : '9800';
    const value = clampTarget();
    target.value = String(value);
    targetText.textContent = (value / 100).toFixed(2);
    direction.textContent = over ? t('rollOver') : t('rollUnder');
    const quote = diceQuote({ target: value, over });
    chance.textContent = `${(quote.winChanceE4 / 100).toFixed(2)}%`;
    multiplier.textContent = formatE4(quote.multiplierE4);
  };
  target.addEventListener('input', refresh);
  direction.addEventListener('click', () => {
    over = !over;
    target.value = String(10_000 - Number(target.value));
    refresh();
  });
  refresh();

  roll.addEventListener('click', () => {
    roll.disabled = true;
    ctx.show('');
    ctx.api
      .post<PlayResult>('dice/roll', { amount: bet.value.trim(), target: clampTarget(), over })
      .then(async (answer) => {
        const outcome = answer.round.outcome;
        result.textContent = (outcome.roll / 100).toFixed(2);
        result.className = `dice-result ${outcome.win ? 'pos' : 'neg'}`;
        ctx.show(
          outcome.win
            ? t('youWon', { amount: ctx.money(answer.round.win) })
            : t('rolled', { roll: (outcome.roll / 100).toFixed(2) }),
          outcome.win ? 'win' : 'info',
        );
        await ctx.setBalance(answer.balance);
        fair?.update(answer.fair);
        void ctx.refreshRounds();
      }, ctx.showError)
      .finally(() => {
        roll.disabled = false;
      });
  });

  ctx.main.append(
    result,
    h(
      'div',
      { className: 'controls' },
      field(t('bet'), bet),
      h('div', { className: 'field' }, h('span', {}, `${t('target')}: `, targetText), target),
      direction,
    ),
    h(
      'div',
      { className: 'row spread' },
      h('span', {}, `${t('winChance')}: `, chance),
      h('span', {}, `${t('multiplier')}: `, multiplier),
    ),
    roll,
  );
};

void main().catch(() => undefined);
