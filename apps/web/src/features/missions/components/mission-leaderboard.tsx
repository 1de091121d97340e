import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Mission, Race } from '@platform/contracts';
import { SectionState } from '@/components/section-state';
import { Tabs } from '@/components/tabs';
import { errorText } from '@/lib/error-text';
import { showToast } from '@/lib/toast';
import { groupDigits } from '@/lib/wallet';
import {
  claimMissionReward,
  apiLanguage,
  fetchLeaderboard,
  fetchMissionSummary,
  leaderboardQueryKey,
  missionSummaryQueryKey,
  MISSIONS_QUERY_ROOT,
} from '../api/missions-api';
import './missions.css';

/** Standings refresh this often while a race runs ("live": the page polls). */
export const LEADERBOARD_POLL_MS = 15_000;

const MONEY_METRICS = new Set(['VALID_BET', 'DEPOSIT']);

const CLAIMED_TEXT = {
  BONUS: 'rewards.claimedBonus',
  CASH: 'rewards.claimedCash',
  POINTS: 'rewards.claimedPoints',
} as const;

const PAID_AS_TEXT = { CASH: 'rewards.payCash', POINTS: 'rewards.payPoints' } as const;

/** A reward or prize: money, or "500 points" when it is paid in points (whole points, never shown as money). */
const prizeText = (t: TFunction, amount: string, payAs: Mission['payAs']) =>
  payAs === 'POINTS' ? t('missions.points', { points: groupDigits(amount) }) : groupDigits(amount);

function MissionCard({ mission }: { mission: Mission }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const claim = useMutation({
    mutationFn: () => claimMissionReward(mission.rewardId ?? ''),
    onSuccess: async (claimed) => {
      showToast(
        t(CLAIMED_TEXT[claimed.payAs], {
          amount: groupDigits(claimed.amount),
        }),
      );
      await queryClient.invalidateQueries({ queryKey: [MISSIONS_QUERY_ROOT] });
      await queryClient.invalidateQueries({ queryKey: ['rewards'] });
    },
    onError: async (error) => {
      showToast(errorText(t, error));
      await queryClient.invalidateQueries({ queryKey: [MISSIONS_QUERY_ROOT] });
    },
  });
  const money = MONEY_METRICS.has(mission.metric);
  const value = (text: string) => (money ? groupDigits(text) : text);
  return (
    <li className="missions__card" data-testid="mission" data-status={mission.status} data-mission={mission.id}>
      <div className="missions__head">
        <h3>{mission.name}</h3>
        <span className={`missions__status missions__status--${mission.status.toLowerCase()}`}>
          {t(`missions.status.${mission.status}`)}
        </span>
      </div>
      <p className="muted">
        {t(`missions.cadence.${mission.cadence}`)}
        {' · '}
        {t(`missions.metric.${mission.metric}`, { target: value(mission.target) })}
        {mission.gameType ? ` · ${t(`rebate.types.${mission.gameType}`, { defaultValue: mission.gameType })}` : ''}
      </p>
      <div
        className="missions__bar"
        role="progressbar"
        aria-label={mission.name}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={mission.percent}
      >
        <span style={{ width: `${mission.percent}%` }} />
      </div>
      <p className="missions__progress" data-testid="mission-progress">
        {value(mission.progress)} / {value(mission.target)}
      </p>
      <div className="missions__actions">
        <span className="muted">
          <span data-testid="mission-reward">
            {mission.payAs === 'POINTS'
              ? t('missions.rewardPoints', { points: groupDigits(mission.reward) })
              : t('missions.reward', { amount: groupDigits(mission.reward) })}
          </span>
          {' · '}
          {mission.payAs === 'BONUS'
            ? t('rewards.payBonus', { multiple: mission.turnoverMultiple })
            : t(PAID_AS_TEXT[mission.payAs])}
          {mission.resetsAt ? ` · ${t('missions.resets', { date: new Date(mission.resetsAt).toLocaleString() })}` : ''}
        </span>
        {mission.status === 'CLAIMABLE' ? (
          <button
            type="button"
            className="button button--primary"
            data-testid="mission-claim"
            disabled={claim.isPending}
            onClick={() => claim.mutate()}
          >
            {t('rewards.claim')}
          </button>
        ) : null}
      </div>
    </li>
  );
}

function RaceCard({ race }: { race: Race }) {
  const { t } = useTranslation();
  const score = (text: string) => (race.metric === 'VALID_BET' ? groupDigits(text) : `×${text}`);
  return (
    <li className="missions__card" data-testid="race" data-state={race.state} data-race={race.id}>
      <div className="missions__head">
        <h3>{race.name}</h3>
        <span className={`missions__status missions__status--${race.state.toLowerCase()}`}>
          {t(`missions.raceState.${race.state}`)}
        </span>
      </div>
      <p className="muted">
        {t(`missions.raceMetric.${race.metric}`)}
        {' · '}
        {t('missions.raceEnds', { date: new Date(race.endsAt).toLocaleString() })}
      </p>
      <p className="missions__me" data-testid="race-me">
        {race.me ? t('missions.myPlace', { rank: race.me.rank, score: score(race.me.score) }) : t('missions.notPlaced')}
      </p>
      {race.top.length === 0 ? (
        <p className="muted">{t('missions.noStandings')}</p>
      ) : (
        <table className="missions__table">
          <thead>
            <tr>
              <th scope="col">{t('missions.rank')}</th>
              <th scope="col">{t('missions.player')}</th>
              <th scope="col">{t('missions.score')}</th>
              <th scope="col">{t('missions.prize')}</th>
            </tr>
          </thead>
          <tbody>
            {race.top.map((s) => (
              <tr key={s.rank} className={s.me ? 'missions__row--me' : undefined} data-testid="race-standing">
                <td>{s.rank}</td>
                <td>{s.name}</td>
                <td>{score(s.score)}</td>
                <td>{s.prize ? prizeText(t, s.prize, race.payAs) : '–'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </li>
  );
}

function MissionList() {
  const { t, i18n } = useTranslation();
  const language = apiLanguage(i18n.language);
  const query = useQuery({
    queryKey: [...missionSummaryQueryKey, language],
    queryFn: ({ signal }) => fetchMissionSummary(language, signal),
  });
  return (
    <SectionState
      query={query}
      errorTestId="missions-error"
      emptyText={t('missions.empty')}
      emptyTestId="missions-empty"
      isEmpty={(value) => value.list.length === 0}
    >
      {({ list, claimableCount }) => (
        <>
          <p className="muted" data-testid="missions-claimable">
            {t('missions.claimable', { count: claimableCount })}
          </p>
          <ul className="missions__list">
            {list.map((mission) => (
              <MissionCard key={mission.id} mission={mission} />
            ))}
          </ul>
        </>
      )}
    </SectionState>
  );
}

function Leaderboards() {
  const { t, i18n } = useTranslation();
  const language = apiLanguage(i18n.language);
  const query = useQuery({
    queryKey: [...leaderboardQueryKey, language],
    queryFn: ({ signal }) => fetchLeaderboard(language, signal),
    refetchInterval: LEADERBOARD_POLL_MS,
  });
  return (
    <SectionState
      query={query}
      errorTestId="races-error"
      emptyText={t('missions.noRaces')}
      emptyTestId="races-empty"
      isEmpty={(value) => value.list.length === 0}
    >
      {({ list }) => (
        <ul className="missions__list">
          {list.map((race) => (
            <RaceCard key={race.id} race={race} />
          ))}
        </ul>
      )}
    </SectionState>
  );
}

type Tab = 'missions' | 'races';

/**
 * Member centre missionLeaderboard (spec §2, §7): the member's daily, weekly and one-off missions with their progress
 * and a claim once complete (paid by the reward centre), and the leaderboards (races) with live standings.
 */
export function MissionLeaderboard() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('missions');
  const tabs = [
    { key: 'missions', label: t('missions.tabMissions'), testId: 'missions-tab' },
    { key: 'races', label: t('missions.tabRaces'), testId: 'races-tab' },
  ] as const;
  return (
    <section className="member-section missions" data-testid="mission-leaderboard">
      <Tabs label={t('member.pages.missionLeaderboard')} items={tabs} active={tab} onChange={setTab}>
        {tab === 'missions' ? <MissionList /> : <Leaderboards />}
      </Tabs>
    </section>
  );
}
