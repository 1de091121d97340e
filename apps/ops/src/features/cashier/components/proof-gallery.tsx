import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/error-text';
import { cashierKeys, getProof } from '../api/cashier-api';

/** The image as a data: URL: the back office's Content-Security-Policy allows data: images, not blob: ones. */
const dataUrlOf = async (blob: Blob): Promise<string> => {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  // In slices: one String.fromCharCode call per 32 KB keeps within the engine's argument limit (images are ≤ 5 MB).
  for (let offset = 0; offset < bytes.length; offset += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(offset, offset + 0x8000));
  }
  return `data:${blob.type || 'image/png'};base64,${btoa(binary)}`;
};

/** One proof image, fetched with the staff token (an <img src> could not send it). */
function ProofImage({ orderNo, proofId, index }: { orderNo: string; proofId: string; index: number }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: cashierKeys.proof(orderNo, proofId),
    queryFn: async () => dataUrlOf(await getProof(orderNo, proofId)),
    staleTime: Infinity,
  });
  const url = query.data ?? null;
  if (query.isError) {
    return (
      <p className="field__error" role="alert" data-testid="proof-error">
        {errorText(t, query.error)}
      </p>
    );
  }
  if (url === null) return <span className="skeleton cashier-proof" aria-busy="true" />;
  return (
    <figure className="cashier-proof" data-testid="proof-image">
      <img src={url} alt={t('cashier.withdrawals.proofAlt', { index: index + 1 })} />
    </figure>
  );
}

/** The images a member uploaded with their receipt confirmation (staff view, permission cashier.view). */
export function ProofGallery({ orderNo, proofIds }: { orderNo: string; proofIds: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <section className="cashier-panel__section" data-testid="proofs">
      <h2 className="cashier-panel__title">{t('cashier.withdrawals.proofs')}</h2>
      {proofIds.length === 0 ? (
        <p className="field__hint" data-testid="proofs-none">
          {t('cashier.withdrawals.noProofs')}
        </p>
      ) : (
        <div className="cashier-proofs">
          {proofIds.map((proofId, index) => (
            <ProofImage key={proofId} orderNo={orderNo} proofId={proofId} index={index} />
          ))}
        </div>
      )}
    </section>
  );
}
