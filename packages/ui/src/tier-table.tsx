import type { ReactNode } from 'react';

/** One tier as shown: each app formats its own wire values (amounts, counts, percentages). */
export type TierView = { minValidBet: ReactNode; minActive: ReactNode; rate: ReactNode };

export const TIER_LABEL_KEYS = ['caption', 'tier', 'minValidBet', 'minActive', 'rate', 'reached'] as const;
export type TierLabels = Record<(typeof TIER_LABEL_KEYS)[number], string>;

/** The labels from an app's translations: `tierLabels((key) => t(`contracts.tiers.${key}`))`. */
export const tierLabels = (translate: (key: (typeof TIER_LABEL_KEYS)[number]) => string): TierLabels =>
  Object.fromEntries(TIER_LABEL_KEYS.map((key) => [key, translate(key)])) as TierLabels;

export type TierTableProps = {
  tiers: readonly TierView[];
  /** The table's caption and column headings, translated by the app (`tierLabels`). */
  labels: TierLabels;
  /** The index of the tier a window reached, marked in its row (words, not only colour). */
  reached?: number | null;
  testId?: string;
};

/**
 * A contract's tiers (DESIGN §12: a rate by team valid bet and active members), lowest first: the agent centre's
 * contract modal and offer dialog, and the back office's contract history. A stack table (ADR 0024), so each tier is a
 * card on a phone. Row test ids: `<testId>-row`; the reached row carries `data-reached`.
 */
export function TierTable({ tiers, labels, reached = null, testId }: TierTableProps) {
  return (
    <div className="stack-table-scroll">
      <table className="stack-table tier-table" data-testid={testId}>
        <caption className="tier-table__caption">{labels.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{labels.tier}</th>
            <th scope="col" className="stack-table__num">
              {labels.minValidBet}
            </th>
            <th scope="col" className="stack-table__num">
              {labels.minActive}
            </th>
            <th scope="col" className="stack-table__num">
              {labels.rate}
            </th>
          </tr>
        </thead>
        <tbody>
          {tiers.map((tier, index) => (
            <tr
              key={index}
              data-testid={testId === undefined ? undefined : `${testId}-row`}
              data-reached={index === reached || undefined}
              className={index === reached ? 'tier-table__reached' : undefined}
            >
              <th scope="row" data-label={labels.tier}>
                {index + 1}
                {index === reached && <span className="tier-table__badge"> {labels.reached}</span>}
              </th>
              <td data-label={labels.minValidBet} className="stack-table__num">
                {tier.minValidBet}
              </td>
              <td data-label={labels.minActive} className="stack-table__num">
                {tier.minActive}
              </td>
              <td data-label={labels.rate} className="stack-table__num">
                {tier.rate}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
