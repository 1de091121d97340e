import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OpsChat } from '@platform/contracts';
import { useSession } from '@/lib/session';
import { getColleagues, settingsKeys, transferTo } from '../api/support-settings-api';

/**
 * Transfer of the agent's own active chat: to a named colleague (who alone answers it then) with an optional note only
 * staff read, or back to the queue for any agent.
 */
export function TransferControl({
  chatId,
  onDone,
  onError,
}: {
  chatId: string;
  onDone: (chat: OpsChat) => void;
  onError: (error: unknown) => void;
}) {
  const { t } = useTranslation();
  const me = useSession().staff;
  const [to, setTo] = useState('');
  const [note, setNote] = useState('');
  const colleagues = useQuery({ queryKey: settingsKeys.colleagues, queryFn: ({ signal }) => getColleagues(signal) });
  const others = (colleagues.data?.list ?? []).filter((c) => c.id !== me?.id);
  const transfer = useMutation({
    mutationFn: (toStaffId: string) =>
      transferTo(chatId, { ...(toStaffId ? { toStaffId } : {}), ...(note.trim() ? { note: note.trim() } : {}) }),
    onSuccess: onDone,
    onError,
  });
  return (
    <details className="support__transfer" data-testid="transfer-control">
      <summary className="button button--ghost button--small">{t('support.transferTo')}</summary>
      <div className="support__transfer-body">
        <label className="field__label" htmlFor="transfer-to">
          {t('support.colleague')}
        </label>
        <select id="transfer-to" className="field__control" value={to} onChange={(e) => setTo(e.target.value)}>
          <option value="">{t('support.pickColleague')}</option>
          {others.map((c) => (
            <option key={c.id} value={c.id}>
              {c.displayName} ({c.username})
            </option>
          ))}
        </select>
        <label className="field__label" htmlFor="transfer-note">
          {t('support.transferNote')}
        </label>
        <input
          id="transfer-note"
          className="field__control"
          maxLength={500}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
        <span className="button-row">
          <button
            type="button"
            className="button button--primary button--small"
            disabled={to === '' || transfer.isPending}
            onClick={() => transfer.mutate(to)}
          >
            {t('support.transferToColleague')}
          </button>
          <button
            type="button"
            className="button button--ghost button--small"
            disabled={transfer.isPending}
            onClick={() => transfer.mutate('')}
          >
            {t('support.transfer')}
          </button>
        </span>
      </div>
    </details>
  );
}
