import { useTranslation } from 'react-i18next';
import { GAME_TYPES, type VipLevel, type VipState } from '@platform/contracts';
import { PageFrame } from '@/components/page-frame';
import { SectionState } from '@/components/section-state';
import { useVipQuery } from '@/lib/vip';
import { groupDigits } from '@/lib/wallet';
import './vip.css';

/** The member's figure a level is reached by: its valid bet or its deposits over the window. */
const figureFor = (state: VipState, level: VipLevel): string =>
  level.upgradeBasis === 'DEPOSITS' ? state.deposits : state.validBet;

/** Progress toward the next level as a whole percentage (decimal strings of one scale; 100 at the top level). */
const progressOf = (state: VipState, next: VipLevel | undefined): number => {
  if (next === undefined) return 100;
  const target = Number(next.minValidBet);
  return target <= 0 ? 100 : Math.min(100, Math.floor((Number(figureFor(state, next)) / target) * 100));
};

/** A level's rates in the lobby's order of game types (unknown types last). */
const ratesOf = (level: VipLevel): [string, string][] => {
  const order = (type: string) => {
    const index = (GAME_TYPES as readonly string[]).indexOf(type);
    return index < 0 ? GAME_TYPES.length : index;
  };
  return Object.entries(level.rebateRates).sort(([a], [b]) => order(a) - order(b));
};

function Rates({ level }: { level: VipLevel }) {
  const { t } = useTranslation();
  return (
    <ul className="vip__rates">
      {ratesOf(level).map(([type, rate]) => (
        <li key={type}>
          {t(`rebate.types.${type}`, type)} {rate}%
        </li>
      ))}
    </ul>
  );
}

/** A level's daily withdrawal limits: how many a day and how much a day, or the site's rules when it has none. */
function WithdrawLimits({ level }: { level: VipLevel }) {
  const { t } = useTranslation();
  if (level.withdrawDailyCount === null && level.withdrawDailyMax === null) return <>{t('vip.siteRules')}</>;
  return (
    <ul className="vip__rates">
      {level.withdrawDailyCount === null ? null : <li>{t('vip.perDay', { count: level.withdrawDailyCount })}</li>}
      {level.withdrawDailyMax === null ? null : (
        <li>{t('vip.maxPerDay', { amount: groupDigits(level.withdrawDailyMax) })}</li>
      )}
    </ul>
  );
}

function Progress({ state }: { state: VipState }) {
  const { t } = useTranslation();
  const current = state.levels.find((l) => l.level === state.vipRankLevel);
  const next = state.levels.find((l) => l.level > state.vipRankLevel);
  const progress = progressOf(state, next);
  const byDeposits = state.levels.some((l) => l.upgradeBasis === 'DEPOSITS');
  return (
    <div className="vip__card" data-testid="vip-current">
      <div className="vip__head">
        <span className="vip__badge" data-testid="vip-label">
          {state.hasVip ? state.vipLabelName : t('vip.none')}
        </span>
        <h2 className="vip__name">{current?.name ?? t('vip.none')}</h2>
      </div>
      <p className="muted">
        {t('vip.validBet', { days: state.windowDays })}:{' '}
        <strong data-testid="vip-valid-bet">{groupDigits(state.validBet)}</strong>
      </p>
      {byDeposits ? (
        <p className="muted">
          {t('vip.deposits', { days: state.windowDays })}:{' '}
          <strong data-testid="vip-deposits">{groupDigits(state.deposits)}</strong>
        </p>
      ) : null}
      {next === undefined ? (
        <p data-testid="vip-next">{t('vip.top')}</p>
      ) : (
        <>
          <p data-testid="vip-next">
            {t(next.upgradeBasis === 'DEPOSITS' ? 'vip.nextDeposits' : 'vip.next', {
              label: next.label,
              amount: groupDigits(next.minValidBet),
            })}
          </p>
          <progress className="vip__progress" max={100} value={progress} aria-label={t('vip.progress')}>
            {progress}%
          </progress>
        </>
      )}
      <p className="muted">{t('vip.rules', { days: state.windowDays })}</p>
    </div>
  );
}

/** The VIP page (issue 20): the member's level and progress, and every level with its threshold and benefits. */
export function VipPage({ title }: { title: string }) {
  const { t } = useTranslation();
  const query = useVipQuery();
  return (
    <PageFrame title={title} testId="vip-page">
      <SectionState
        query={query}
        errorTestId="vip-error"
        emptyText={t('vip.empty')}
        isEmpty={(state) => state.levels.length === 0}
      >
        {(state) => (
          <div className="vip">
            <Progress state={state} />
            <div className="stack-table-scroll">
              <table className="stack-table" data-testid="vip-levels">
                <thead>
                  <tr>
                    <th scope="col">{t('vip.level')}</th>
                    <th scope="col">{t('vip.threshold')}</th>
                    <th scope="col">{t('vip.upgradeBonus')}</th>
                    <th scope="col">{t('vip.birthdayBonus')}</th>
                    <th scope="col">{t('vip.withdrawals')}</th>
                    <th scope="col">{t('vip.rebate')}</th>
                  </tr>
                </thead>
                <tbody>
                  {state.levels.map((level) => (
                    <tr
                      key={level.level}
                      data-testid="vip-level"
                      aria-current={level.level === state.vipRankLevel ? 'true' : undefined}
                      className={level.level === state.vipRankLevel ? 'vip__row--current' : undefined}
                    >
                      <td data-label={t('vip.level')}>
                        <span className="vip__badge">{level.label}</span> {level.name}
                      </td>
                      <td className="stack-table__num" data-label={t('vip.threshold')}>
                        {groupDigits(level.minValidBet)}
                        {` ${t(level.upgradeBasis === 'DEPOSITS' ? 'vip.inDeposits' : 'vip.inValidBet')}`}
                      </td>
                      <td className="stack-table__num" data-label={t('vip.upgradeBonus')}>
                        {groupDigits(level.upgradeBonus)}
                      </td>
                      <td className="stack-table__num" data-label={t('vip.birthdayBonus')}>
                        {groupDigits(level.birthdayBonus)}
                      </td>
                      <td className="stack-table__wrap" data-label={t('vip.withdrawals')} data-testid="vip-withdrawals">
                        <WithdrawLimits level={level} />
                      </td>
                      <td className="stack-table__wrap" data-label={t('vip.rebate')}>
                        <Rates level={level} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        )}
      </SectionState>
    </PageFrame>
  );
}
