import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Contract } from '@platform/contracts';
import { ConfirmActionDialog } from '@/components/confirm-action-dialog';
import { EmptyState } from '@/components/empty-state';
import { FormError } from '@/components/form-field';
import { SectionState } from '@/components/section-state';
import { errorText } from '@/lib/error-text';
import { showToast } from '@/lib/toast';
import { terminateContract } from '../api/contracts/contract-actions';
import { contractsQueryRoot } from '../api/contracts/contract-query';
import { fetchContracts } from '../api/contracts/get-contracts';
import { useConsolidated } from '../hooks/use-consolidated';
import { ContractOfferForm } from './contract-offer-form';
import { ContractTiers } from './contract-parts';

const OPEN_STATUSES = new Set(['ACTIVE', 'OFFERED']);

function ContractCard({ contract, onEnd }: { contract: Contract; onEnd: (contract: Contract) => void }) {
  const { t } = useTranslation();
  return (
    <li className="contract-card" data-testid="downline-contract">
      <p className="contract-card__head">
        <strong>{t(`contracts.types.${contract.type}`)}</strong>{' '}
        <span data-testid="downline-contract-status">{t(`contracts.statuses.${contract.status}`)}</span>
      </p>
      <ContractTiers tiers={contract.tiers} testId="downline-contract-tiers" />
      <button
        type="button"
        className="button button--ghost button--small"
        data-testid="downline-contract-end"
        onClick={() => onEnd(contract)}
      >
        {t('contracts.manage.terminate')}
      </button>
    </li>
  );
}

/**
 * A direct downline agent's contracts with this agent (downlineManagmentView's "Contracts"): the active ones and the
 * offers waiting for its answer, each with a button to end it (or withdraw the offer), and the form for a new offer.
 */
export function DownlineContracts({ username }: { username: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const consolidated = useConsolidated();
  const [ending, setEnding] = useState<Contract | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const query = useQuery({
    queryKey: [...contractsQueryRoot, 'offered', username],
    queryFn: ({ signal }) => fetchContracts({ role: 'OFFERED', username, pageNo: 1, pageSize: 20 }, signal),
  });
  const offerable = (consolidated.data?.types ?? [])
    .filter((entry) => entry.enabled && entry.canOffer)
    .map((entry) => entry.type);
  const end = async (contract: Contract) => {
    setBusy(true);
    setError(null);
    try {
      await terminateContract(contract.id);
      showToast(t('contracts.manage.terminated', { username, type: t(`contracts.types.${contract.type}`) }));
      await queryClient.invalidateQueries({ queryKey: contractsQueryRoot });
    } catch (failure) {
      setError(errorText(t, failure));
    } finally {
      setBusy(false);
      setEnding(null);
    }
  };
  return (
    <div className="downline-contracts" data-testid="downline-contracts">
      <h3 className="contract-offer__title">{t('contracts.manage.current')}</h3>
      <SectionState query={query} errorTestId="downline-contracts-error">
        {(page) => {
          const open = page.list.filter(
            (contract) => contract.holder === username && OPEN_STATUSES.has(contract.status),
          );
          return open.length === 0 ? (
            <div data-testid="downline-contracts-empty">
              <EmptyState title={t('contracts.manage.none', { username })} />
            </div>
          ) : (
            <ul className="contract-list">
              {open.map((contract) => (
                <ContractCard key={contract.id} contract={contract} onEnd={setEnding} />
              ))}
            </ul>
          );
        }}
      </SectionState>
      <FormError message={error} testId="downline-contract-end-error" />
      {consolidated.data && <ContractOfferForm username={username} types={offerable} />}
      <ConfirmActionDialog
        open={ending !== null}
        busy={busy}
        title={t('contracts.manage.terminateTitle', {
          username,
          type: ending ? t(`contracts.types.${ending.type}`) : '',
        })}
        description={t('contracts.manage.terminateText', { username })}
        confirmLabel={t('contracts.manage.terminate')}
        onConfirm={() => ending && void end(ending)}
        onCancel={() => setEnding(null)}
        testId="contract-end-dialog"
        confirmTestId="contract-end-confirm"
      />
    </div>
  );
}
