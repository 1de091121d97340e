import './support.css';
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OpsFeedback } from '@platform/contracts';
import { formatDateTime } from '@/lib/dates';
import { errorText } from '@/lib/error-text';
import { showToast } from '@/lib/toast';
import { closeFeedback, feedbackImage, getFeedbackQueue, replyFeedback, supportKeys } from '../api/support-api';
import { BlobImage } from './blob-image';

/** The feedback queue (permission support.handle, issue 22): open first, oldest first; reply, reply and close, close. */
export function FeedbackQueue() {
  const { t } = useTranslation();
  const [status, setStatus] = useState('OPEN');
  const queue = useQuery({
    queryKey: supportKeys.feedback(status, 1),
    queryFn: ({ signal }) => getFeedbackQueue(status, 1, signal),
  });
  return (
    <div className="page support" data-testid="feedback-queue">
      <h1>{t('nav.supportFeedback')}</h1>
      <div role="tablist" className="support__tabs">
        {['OPEN', 'ANSWERED', 'CLOSED', ''].map((value) => (
          <button
            key={value || 'all'}
            type="button"
            role="tab"
            aria-selected={status === value}
            className={status === value ? 'button button--primary button--small' : 'button button--ghost button--small'}
            onClick={() => setStatus(value)}
          >
            {t(`support.feedbackStatus.${value || 'ALL'}`)}
          </button>
        ))}
      </div>
      {queue.isError && <p role="alert">{errorText(t, queue.error)}</p>}
      {(queue.data?.list ?? []).length === 0 ? (
        <p className="muted">{t('support.noFeedback')}</p>
      ) : (
        <ul className="support__feedback">
          {(queue.data?.list ?? []).map((item) => (
            <FeedbackItem key={item.id} item={item} />
          ))}
        </ul>
      )}
    </div>
  );
}

function FeedbackItem({ item }: { item: OpsFeedback }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [reply, setReply] = useState('');
  const done = () => {
    showToast(t('support.saved'));
    void queryClient.invalidateQueries({ queryKey: ['support', 'feedback'] });
  };
  const answer = useMutation({
    mutationFn: (close: boolean) => replyFeedback(item.id, reply.trim(), close),
    onSuccess: done,
  });
  const close = useMutation({ mutationFn: () => closeFeedback(item.id), onSuccess: done });
  const failure = answer.error ?? close.error;
  return (
    <li className="support__feedback-item">
      <p>
        <strong>{item.username}</strong> · {item.type} · {item.status} · {formatDateTime(item.createdAt)}
      </p>
      <p className="support__text">{item.content}</p>
      <div className="support__images">
        {Array.from({ length: item.images }, (_, i) => (
          <BlobImage key={i} load={() => feedbackImage(item.id, i + 1)} alt={t('support.image')} />
        ))}
      </div>
      {item.reply && (
        <p className="support__reply">
          {t('support.replied', { name: item.repliedBy ?? '' })}: {item.reply}
        </p>
      )}
      {item.status !== 'CLOSED' && (
        <form
          className="support__compose"
          onSubmit={(event) => {
            event.preventDefault();
            if (reply.trim()) answer.mutate(false);
          }}
        >
          <label className="field__label" htmlFor={`reply-${item.id}`}>
            {t('support.reply')}
          </label>
          <textarea
            id={`reply-${item.id}`}
            className="field__control"
            rows={2}
            value={reply}
            onChange={(e) => setReply(e.target.value)}
          />
          {failure && (
            <p role="alert" className="form-error">
              {errorText(t, failure)}
            </p>
          )}
          <div className="support__actions">
            <button type="submit" className="button button--primary button--small" disabled={!reply.trim()}>
              {t('support.send')}
            </button>
            <button
              type="button"
              className="button button--ghost button--small"
              disabled={!reply.trim()}
              onClick={() => answer.mutate(true)}
            >
              {t('support.replyClose')}
            </button>
            <button type="button" className="button button--danger button--small" onClick={() => close.mutate()}>
              {t('support.close')}
            </button>
          </div>
        </form>
      )}
    </li>
  );
}
