import { useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PROOF_MAX_FILES, type ReceiptAnswer, type WithdrawOrder } from '@platform/contracts';
import { Dialog } from '@/components/dialog';
import { FormError } from '@/components/form-field';
import { SubmitButton } from '@/components/submit-button';
import { errorText } from '@/lib/error-text';
import { confirmReceipt, WITHDRAW_QUERY_ROOT } from '../api/withdraw-api';
import { checkProofFiles } from '../utils/checks';

const dataUrlOf = (file: File): Promise<string> =>
  new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => resolve('');
    reader.readAsDataURL(file);
  });

const ANSWERS: ReceiptAnswer[] = ['RECEIVED', 'NOT_RECEIVED', 'PARTLY_RECEIVED'];

/** Spec §4: after payout the member says whether the money arrived, with a note and up to three proof images. */
export function ConfirmReceiptDialog({ order, onClose }: { order: WithdrawOrder; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [state, setState] = useState<ReceiptAnswer>('RECEIVED');
  const [note, setNote] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [previews, setPreviews] = useState<string[]>([]);

  // data: URLs rather than blob: ones: the content security policy allows images from data: only.
  useEffect(() => {
    let live = true;
    void Promise.all(files.map(dataUrlOf)).then((urls) => {
      if (live) setPreviews(urls);
    });
    return () => {
      live = false;
    };
  }, [files]);

  const mutation = useMutation({
    mutationFn: () => confirmReceipt(order.orderNo, { state, note, files }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: [WITHDRAW_QUERY_ROOT, 'orders'] });
      onClose();
    },
  });

  const pick = async (list: FileList | null) => {
    const picked = [...files, ...Array.from(list ?? [])];
    const problem = await checkProofFiles(picked);
    setFileError(problem === null ? null : t(problem, { max: PROOF_MAX_FILES }));
    if (problem === null) setFiles(picked);
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('withdraw.confirmReceiptTitle')}
      description={t('withdraw.confirmReceiptDescription', { amount: order.amount, orderNo: order.orderNo })}
      testId="withdraw-confirm-dialog"
    >
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (fileError === null) mutation.mutate();
        }}
      >
        <fieldset className="form__group">
          <legend>{t('withdraw.receiptQuestion')}</legend>
          {ANSWERS.map((answer) => (
            <label key={answer} className="radio">
              <input
                type="radio"
                name="receipt-state"
                value={answer}
                checked={state === answer}
                data-testid={`withdraw-receipt-${answer}`}
                onChange={() => setState(answer)}
              />
              {t(`withdraw.receipt.${answer}`)}
            </label>
          ))}
        </fieldset>
        <label className="field">
          <span className="field__label">{t('withdraw.note')}</span>
          <textarea
            className="field__control"
            maxLength={500}
            rows={3}
            value={note}
            data-testid="withdraw-receipt-note"
            onChange={(event) => setNote(event.target.value)}
          />
        </label>
        <label className="field">
          <span className="field__label">{t('withdraw.proofs', { max: PROOF_MAX_FILES })}</span>
          <input
            type="file"
            accept="image/png,image/jpeg"
            multiple
            disabled={files.length >= PROOF_MAX_FILES}
            data-testid="withdraw-proof-input"
            onChange={(event) => {
              void pick(event.target.files);
              event.target.value = '';
            }}
          />
          <span className="muted">{t('withdraw.proofRules')}</span>
        </label>
        {previews.length > 0 && (
          <ul className="withdraw-previews" aria-label={t('withdraw.previews')}>
            {previews.map((url, index) => (
              <li key={`${index}-${files[index]?.name ?? ''}`}>
                <img
                  src={url}
                  alt={files[index]?.name ?? ''}
                  width={72}
                  height={72}
                  data-testid="withdraw-proof-preview"
                />
                <button
                  type="button"
                  className="button button--ghost button--small"
                  onClick={() => setFiles(files.filter((_, i) => i !== index))}
                >
                  {t('withdraw.remove')}
                </button>
              </li>
            ))}
          </ul>
        )}
        <FormError message={fileError} testId="withdraw-proof-error" />
        <FormError message={mutation.isError ? errorText(t, mutation.error) : null} testId="withdraw-confirm-error" />
        <SubmitButton
          busy={mutation.isPending}
          label={t('withdraw.sendConfirmation')}
          testId="withdraw-confirm-submit"
        />
      </form>
    </Dialog>
  );
}
