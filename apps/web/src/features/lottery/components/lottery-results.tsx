import { useTranslation } from 'react-i18next';
import type { LotteryIssue } from '../api/lgw';
import { DrawBalls } from './lottery-lobby';

type Row = LotteryIssue & { gameCode?: string };

const proofText = (issue: Row) => `${issue.seed?.slice(0, 10) ?? ''}… → ${issue.commitment.slice(0, 10)}…`;
const proofTitle = (issue: Row) => `seed ${issue.seed ?? ''}\ncommitment ${issue.commitment}`;

function Proof({ issue, className = '' }: { issue: Row; className?: string }) {
  return (
    <td className={`lottery__proof ${className}`.trim()} title={proofTitle(issue)}>
      {proofText(issue)}
    </td>
  );
}

/**
 * The opened numbers with the seed and commitment of each draw. A regional VN draw's results (ADR 0050) come by day:
 * one group per day under its issue number, a row per station with that station's own numbers.
 */
export function LotteryResults({ rows, byStation }: { rows: readonly Row[]; byStation: boolean }) {
  const { t } = useTranslation();
  if (!byStation) {
    return (
      <table className="lottery__table lottery__results">
        <thead>
          <tr>
            <th>{t('lottery.issueNo')}</th>
            <th>{t('lottery.numbers')}</th>
            <th>{t('lottery.proof')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((issue) => (
            <tr key={issue.issueNo}>
              <td>{issue.issueNo}</td>
              <td>
                <DrawBalls issue={issue} />
              </td>
              <Proof issue={issue} />
            </tr>
          ))}
        </tbody>
      </table>
    );
  }
  const days: Row[][] = [];
  for (const row of rows) {
    const day = days.at(-1);
    if (day !== undefined && day[0]!.issueNo === row.issueNo) day.push(row);
    else days.push([row]);
  }
  return (
    <table className="lottery__table lottery__results lottery__results--stations">
      <thead>
        <tr>
          <th>{t('lottery.station')}</th>
          <th>{t('lottery.numbers')}</th>
          <th className="lottery__proof-col">{t('lottery.proof')}</th>
        </tr>
      </thead>
      {days.map((day) => (
        <tbody key={day[0]!.issueNo} data-testid="lottery-results-day">
          <tr className="lottery__day">
            <th colSpan={3} scope="rowgroup">
              {t('lottery.issue', { issue: day[0]!.issueNo })}
            </th>
          </tr>
          {day.map((issue) => (
            <tr key={`${issue.gameCode ?? ''}:${issue.issueNo}`}>
              <th scope="row" className="lottery__station-name">
                <span data-testid="lottery-station">{issue.station ?? ''}</span>
                {/* On a phone the proof goes under the station, so the numbers get the row's width. */}
                <small className="lottery__proof lottery__proof--inline" title={proofTitle(issue)}>
                  {proofText(issue)}
                </small>
              </th>
              <td>
                <DrawBalls issue={issue} />
              </td>
              <Proof issue={issue} className="lottery__proof-col" />
            </tr>
          ))}
        </tbody>
      ))}
    </table>
  );
}
