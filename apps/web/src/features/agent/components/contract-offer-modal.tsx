import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Contract } from '@platform/contracts';
import { Dialog } from '@/components/dialog';
import { FormError } from '@/components/form-field';
import { errorText } from '@/lib/error-text';
import { showToast } from '@/lib/toast';
import { acceptContract, rejectContract } from '../api/contracts/contract-actions';
import { contractsQueryRoot } from '../api/contracts/contract-query';
import { fetchContracts } from '../api/contracts/get-contracts';
import { agentQueryRoot } from '../api/agent-api';
import { ContractTerms, ContractTiers } from './contract-parts';
import { DateTime } from './report-parts';

type T = (key: string, values?: Record<string, unknown>) => string;

/** The modal's title and the banner's line: from an upline by name, or from the site (a top-level agent's). */
const titleOf = (t: T, contract: Contract) => {
  const type = t(`contracts.types.${contract.type}`);
  return contract.offeredBy === null
    ? t('contracts.modal.titleSite', { type })
    : t('contracts.modal.title', { type, upline: contract.offeredBy });
};
const offerLineOf = (t: T, contract: Contract) => {
  const type = t(`contracts.types.${contract.type}`);
  return contract.offeredBy === null
    ? t('contracts.banner.textSite', { type })
    : t('contracts.banner.text', { type, upline: contract.offeredBy });
};

/**
 * The contract modal (spec §2 "contract" popup, §4): an offer's terms and tiers, what accepting does, and accept or
 * reject. Accepting replaces the holder's current contract of the type and ends its downlines' contracts that now pay
 * more than it (the server does both; the modal says so before the agent agrees).
 */
export function ContractOfferModal({ contract, onClose }: { contract: Contract; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<'accept' | 'reject' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const type = t(`contracts.types.${contract.type}`);
  const decide = async (decision: 'accept' | 'reject') => {
    setBusy(decision);
    setError(null);
    try {
      await (decision === 'accept' ? acceptContract(contract.id) : rejectContract(contract.id));
      showToast(t(decision === 'accept' ? 'contracts.modal.accepted' : 'contracts.modal.rejected', { type }));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: contractsQueryRoot }),
        queryClient.invalidateQueries({ queryKey: agentQueryRoot }),
      ]);
      onClose();
    } catch (failure) {
      setError(errorText(t, failure));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && busy === null) onClose();
      }}
      title={titleOf(t, contract)}
      description={t('contracts.modal.description')}
      testId="contract-modal"
      className="contract-dialog"
    >
      <ContractTerms contract={contract} />
      <ContractTiers tiers={contract.tiers} testId="contract-modal-tiers" />
      <ul className="contract-modal__notes">
        {contract.type === 'DIVIDEND' && <li>{t('contracts.modal.carryForward')}</li>}
        {contract.version > 1 && <li>{t('contracts.modal.replaces', { type })}</li>}
        <li>{t('contracts.modal.cascade')}</li>
      </ul>
      <p className="muted">
        {t('contracts.modal.offeredAt')}: <DateTime iso={contract.offeredAt} />
      </p>
      <FormError message={error} testId="contract-modal-error" />
      <div className="dialog__actions">
        <button
          type="button"
          className="button button--ghost"
          disabled={busy !== null}
          data-testid="contract-reject"
          onClick={() => void decide('reject')}
        >
          {busy === 'reject' ? t('common.loading') : t('contracts.modal.reject')}
        </button>
        <button
          type="button"
          className="button"
          disabled={busy !== null}
          data-testid="contract-accept"
          onClick={() => void decide('accept')}
        >
          {busy === 'accept' ? t('common.loading') : t('contracts.modal.accept')}
        </button>
      </div>
    </Dialog>
  );
}

/**
 * The offers waiting for this agent's answer, as a banner on the team overview: one line per offer, each opening the
 * contract modal. Nothing when there is none.
 */
export function PendingOffers() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Contract | null>(null);
  const query = useQuery({
    queryKey: [...contractsQueryRoot, 'pending'],
    queryFn: ({ signal }) => fetchContracts({ role: 'MINE', status: 'OFFERED', pageNo: 1, pageSize: 10 }, signal),
  });
  const offers = query.data?.list ?? [];
  if (offers.length === 0) return null;
  return (
    <section className="contract-banner" role="status" data-testid="contract-banner">
      <h3 className="contract-banner__title">{t('contracts.banner.title')}</h3>
      <ul>
        {offers.map((offer) => (
          <li key={offer.id} className="contract-banner__offer">
            <span>{offerLineOf(t, offer)}</span>
            <button
              type="button"
              className="button button--small"
              data-testid="contract-banner-review"
              onClick={() => setOpen(offer)}
            >
              {t('contracts.banner.review')}
            </button>
          </li>
        ))}
      </ul>
      {open && <ContractOfferModal contract={open} onClose={() => setOpen(null)} />}
    </section>
  );
}
