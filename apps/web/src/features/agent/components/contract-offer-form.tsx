import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  ContractRateRefusalSchema,
  rateAt,
  bpsToRate,
  type ContractTier,
  type ContractType,
} from '@platform/contracts';
import { FormError, SelectField, TextField } from '@/components/form-field';
import { SubmitButton } from '@/components/submit-button';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { showToast } from '@/lib/toast';
import { offerContract } from '../api/contracts/contract-actions';
import { contractsQueryRoot } from '../api/contracts/contract-query';
import { fetchContractDetails } from '../api/contracts/get-contract-details';
import { checkOffer, minorOf, tierValueOf, tiersOf, type OfferProblem, type TierDraft } from '../utils/offer-form';
import { percentText } from './contract-parts';

type T = (key: string, values?: Record<string, unknown>) => string;

const EMPTY_TIER: TierDraft = { minValidBet: '', minActiveMembers: '0', rate: '' };

/** The server's refusal of a rate above the caller's own, in the caller's words with the tier and both rates. */
const refusalText = (t: T, failure: unknown): string => {
  if (failure instanceof ApiError && failure.code === 'CONTRACT_RATE_ABOVE_UPLINE') {
    const refusal = ContractRateRefusalSchema.safeParse(failure.value);
    if (refusal.success) {
      return t('contracts.offer.errors.rateAboveUpline', {
        tier: refusal.data.tierIndex + 1,
        rate: percentText(refusal.data.rate).slice(0, -1),
        upline: percentText(refusal.data.maxRate).slice(0, -1),
      });
    }
  }
  return errorText(t as never, failure);
};

/** "Your rate at this tier": what the agent's own contract pays at the thresholds typed so far. */
function CeilingHint({ draft, ceiling }: { draft: TierDraft; ceiling: readonly ContractTier[] }) {
  const { t } = useTranslation();
  const bet = minorOf(draft.minValidBet);
  const members = Number(draft.minActiveMembers);
  if (bet === null || !Number.isInteger(members)) return null;
  const rate = bpsToRate(rateAt(ceiling.map(tierValueOf), bet, members));
  return <p className="field__hint">{t('contracts.offer.myRate', { rate: percentText(rate).slice(0, -1) })}</p>;
}

function TierRow({
  index,
  draft,
  problems,
  ceiling,
  onChange,
  onRemove,
}: {
  index: number;
  draft: TierDraft;
  problems: OfferProblem[];
  ceiling: readonly ContractTier[];
  onChange: (draft: TierDraft) => void;
  onRemove: (() => void) | null;
}) {
  const { t } = useTranslation();
  const errorOf = (field: keyof TierDraft) => {
    const problem = problems.find((entry) => entry.tier === index + 1 && entry.field === field);
    return problem ? t(`contracts.offer.errors.${problem.key}`, { tier: index + 1, ...problem.values }) : undefined;
  };
  return (
    <fieldset className="offer-tier" data-testid="offer-tier">
      <legend>
        {t('contracts.tiers.tier')} {index + 1}
      </legend>
      <TextField
        label={t('contracts.tiers.minValidBet')}
        testId={`offer-tier-${index}-bet`}
        inputMode="decimal"
        value={draft.minValidBet}
        error={errorOf('minValidBet')}
        onChange={(event) => onChange({ ...draft, minValidBet: event.target.value })}
      />
      <TextField
        label={t('contracts.tiers.minActive')}
        testId={`offer-tier-${index}-members`}
        inputMode="numeric"
        value={draft.minActiveMembers}
        error={errorOf('minActiveMembers')}
        onChange={(event) => onChange({ ...draft, minActiveMembers: event.target.value })}
      />
      <TextField
        label={t('contracts.offer.ratePercent')}
        testId={`offer-tier-${index}-rate`}
        inputMode="decimal"
        value={draft.rate}
        error={errorOf('rate')}
        onChange={(event) => onChange({ ...draft, rate: event.target.value })}
      />
      <CeilingHint draft={draft} ceiling={ceiling} />
      {onRemove && (
        <button
          type="button"
          className="button button--ghost button--small"
          data-testid={`offer-tier-${index}-remove`}
          onClick={onRemove}
        >
          {t('contracts.offer.removeTier', { tier: index + 1 })}
        </button>
      )}
    </fieldset>
  );
}

/**
 * An offer to one direct downline agent (spec §4): the type (among those the agent may offer), then its tiers, each
 * checked against the agent's own contract before sending (no tier above the agent's own rate at its thresholds) and
 * again by the server, whose refusal shows in the agent's language with the tier and both rates.
 */
export function ContractOfferForm({ username, types }: { username: string; types: readonly ContractType[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [type, setType] = useState<ContractType | undefined>(types[0]);
  const [drafts, setDrafts] = useState<TierDraft[]>([EMPTY_TIER]);
  const [problems, setProblems] = useState<OfferProblem[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const mine = useQuery({
    queryKey: [...contractsQueryRoot, 'details', type ?? ''],
    queryFn: ({ signal }) => fetchContractDetails(type ?? 'DIVIDEND', undefined, signal),
    enabled: type !== undefined,
  });
  if (type === undefined) return <p className="muted">{t('contracts.manage.noneEnabled')}</p>;
  const ceiling = mine.data?.offerCeiling ?? [];
  const submit = async () => {
    // The check needs the agent's own contract: a submit before it has loaded waits for it rather than checking
    // against nothing and leaving the refusal to the server.
    const own = mine.data ?? (await mine.refetch()).data;
    const found = checkOffer(drafts, own?.offerCeiling ?? []);
    setProblems(found);
    setError(null);
    if (found.length > 0) return;
    setBusy(true);
    try {
      await offerContract({ username, type, tiers: tiersOf(drafts) });
      showToast(t('contracts.offer.sent', { username }));
      setDrafts([EMPTY_TIER]);
      await queryClient.invalidateQueries({ queryKey: contractsQueryRoot });
    } catch (failure) {
      setError(refusalText(t, failure));
    } finally {
      setBusy(false);
    }
  };
  const listProblem = problems.find((problem) => problem.tier === 0);
  return (
    <form
      className="form contract-offer"
      noValidate
      data-testid="contract-offer-form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h3 className="contract-offer__title">{t('contracts.offer.title')}</h3>
      <SelectField
        label={t('contracts.offer.type')}
        testId="offer-type"
        value={type}
        options={types.map((value) => ({ value, label: t(`contracts.types.${value}`) }))}
        onChange={(event) => {
          setType(event.target.value as ContractType);
          setProblems([]);
        }}
      />
      {mine.data && mine.data.offerCeiling === null && (
        <p className="muted" data-testid="offer-no-ceiling">
          {t('contracts.offer.myRateNone', { type: t(`contracts.types.${type}`) })}
        </p>
      )}
      {drafts.map((draft, index) => (
        <TierRow
          key={index}
          index={index}
          draft={draft}
          problems={problems}
          ceiling={ceiling}
          onChange={(next) => setDrafts(drafts.map((entry, at) => (at === index ? next : entry)))}
          onRemove={drafts.length > 1 ? () => setDrafts(drafts.filter((_, at) => at !== index)) : null}
        />
      ))}
      <button
        type="button"
        className="button button--ghost button--small"
        data-testid="offer-add-tier"
        onClick={() => setDrafts([...drafts, { ...EMPTY_TIER }])}
      >
        {t('contracts.offer.addTier')}
      </button>
      <FormError
        message={listProblem ? t(`contracts.offer.errors.${listProblem.key}`, listProblem.values) : error}
        testId="offer-error"
      />
      <SubmitButton busy={busy} label={t('contracts.offer.submit')} testId="offer-submit" />
    </form>
  );
}
