import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FEEDBACK_IMAGE_MAX_BYTES, FEEDBACK_MAX_IMAGES, FEEDBACK_TYPES, countWords } from '@platform/contracts';
import { errorText } from '@/lib/error-text';
import { formatDateTime, useLocale } from '@/lib/i18n/use-locale';
import { feedbackKeys, getFeedbackHistory, getFeedbackSettings, sendFeedback } from '../api/feedback-api';

/**
 * Feedback (spec §1, §5): a type, content between the merchant's word limits (counted as the server counts them) and
 * up to three PNG or JPG images of at most 5 MB; below, the member's feedback with staff's replies.
 */
export function FeedbackPanel() {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: feedbackKeys.settings, queryFn: ({ signal }) => getFeedbackSettings(signal) });
  const history = useQuery({ queryKey: feedbackKeys.history, queryFn: ({ signal }) => getFeedbackHistory(signal) });
  const [type, setType] = useState<string>(FEEDBACK_TYPES[0]);
  const [content, setContent] = useState('');
  const [images, setImages] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: sendFeedback,
    onSuccess: () => {
      setContent('');
      setImages([]);
      void queryClient.invalidateQueries({ queryKey: feedbackKeys.history });
    },
  });
  const words = countWords(content);
  const min = settings.data?.minWords ?? 1;
  const max = settings.data?.maxWords ?? 300;
  const inRange = words >= min && words <= max;
  const pick = (files: FileList | null) => {
    const list = [...(files ?? [])];
    if (list.length > FEEDBACK_MAX_IMAGES) return setFileError(t('errors.codes.TOO_MANY_FILES'));
    if (list.some((file) => file.size > FEEDBACK_IMAGE_MAX_BYTES))
      return setFileError(t('errors.codes.FILE_TOO_LARGE'));
    if (list.some((file) => !['image/png', 'image/jpeg'].includes(file.type))) {
      return setFileError(t('errors.codes.FILE_TYPE_INVALID'));
    }
    setFileError(null);
    setImages(list);
  };
  return (
    <div className="feedback">
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          if (inRange && !send.isPending) send.mutate({ type, content, images });
        }}
      >
        <div className="field">
          <label className="field__label" htmlFor="feedback-type">
            {t('service.feedback.type')}
          </label>
          <select
            id="feedback-type"
            className="field__control"
            value={type}
            onChange={(event) => setType(event.target.value)}
          >
            {FEEDBACK_TYPES.map((value) => (
              <option key={value} value={value}>
                {t(`service.feedback.types.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor="feedback-content">
            {t('service.feedback.content')}
          </label>
          <textarea
            id="feedback-content"
            className="field__control"
            rows={5}
            value={content}
            onChange={(event) => setContent(event.target.value)}
            aria-describedby="feedback-words"
          />
          <p id="feedback-words" className={inRange || words === 0 ? 'field__hint' : 'field__error'}>
            {t('service.feedback.words', { words, min, max })}
          </p>
        </div>
        <div className="field">
          <label className="field__label" htmlFor="feedback-images">
            {t('service.feedback.images')}
          </label>
          <input
            id="feedback-images"
            type="file"
            accept="image/png,image/jpeg"
            multiple
            onChange={(event) => pick(event.target.files)}
          />
          {fileError && (
            <p role="alert" className="field__error">
              {fileError}
            </p>
          )}
        </div>
        {send.isError && (
          <p role="alert" className="form-error">
            {errorText(t, send.error)}
          </p>
        )}
        {send.isSuccess && <p role="status">{t('service.feedback.thanks')}</p>}
        <button type="submit" className="button button--primary" disabled={!inRange || send.isPending}>
          {t('service.feedback.send')}
        </button>
      </form>
      <h2 className="feedback__title">{t('service.feedback.history')}</h2>
      {(history.data ?? []).length === 0 ? (
        <p className="muted">{t('service.feedback.none')}</p>
      ) : (
        <ul className="inbox__list">
          {(history.data ?? []).map((item) => (
            <li key={item.id} className="inbox__item">
              <p>
                <strong>{t(`service.feedback.types.${item.type}`)}</strong> ·{' '}
                {t(`service.feedback.status.${item.status}`)} ·{' '}
                <time dateTime={item.createdAt}>{formatDateTime(item.createdAt, locale)}</time>
              </p>
              <p className="inbox__content">{item.content}</p>
              {item.reply && (
                <p className="feedback__reply">
                  <strong>{t('service.feedback.reply')}</strong> {item.reply}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
