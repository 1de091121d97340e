import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PROMOTION_COMMENT_MAX, PROMOTION_IMAGE_MAX_BYTES, PROMOTION_IMAGE_MAX_FILES } from '@platform/contracts';
import { errorText } from '@/lib/error-text';
import { showToast } from '@/lib/toast';
import { applyPromotion } from '../api/apply-promotion';
import { PROMOTIONS_QUERY_ROOT } from '../api/fetch-promotions';

/**
 * An application (spec §5 activity applications, §9 limits): a comment of at most 140 characters and up to three PNG or
 * JPG images of at most 5 MB each. The limits are checked here for a quick answer; the server checks them again, by the
 * images' content, and refuses with a code.
 */
export function ApplicationForm({ promotionId, onDone }: { promotionId: string; onDone: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const [comment, setComment] = useState('');
  const [images, setImages] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: () => applyPromotion(promotionId, { comment: comment.trim(), images }),
    onSuccess: async () => {
      showToast(t('promotions.applied'));
      await queryClient.invalidateQueries({ queryKey: [PROMOTIONS_QUERY_ROOT] });
      onDone();
    },
  });
  const pick = (files: FileList | null) => {
    const list = [...(files ?? [])];
    if (list.length > PROMOTION_IMAGE_MAX_FILES) return setFileError(t('errors.codes.TOO_MANY_FILES'));
    if (list.some((file) => file.size > PROMOTION_IMAGE_MAX_BYTES)) {
      return setFileError(t('errors.codes.FILE_TOO_LARGE'));
    }
    if (list.some((file) => !['image/png', 'image/jpeg'].includes(file.type))) {
      return setFileError(t('errors.codes.FILE_TYPE_INVALID'));
    }
    setFileError(null);
    setImages(list);
  };
  const length = comment.trim().length;
  const ok = length > 0 && length <= PROMOTION_COMMENT_MAX && fileError === null;
  return (
    <form
      className="form promotions__apply"
      data-testid="promotion-apply-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (ok && !send.isPending) send.mutate();
      }}
    >
      <div className="field">
        <label className="field__label" htmlFor={`${id}-comment`}>
          {t('promotions.comment')}
        </label>
        <textarea
          id={`${id}-comment`}
          className="field__control"
          rows={3}
          maxLength={PROMOTION_COMMENT_MAX}
          value={comment}
          data-testid="promotion-apply-comment"
          aria-describedby={`${id}-count`}
          onChange={(event) => setComment(event.target.value)}
        />
        <p id={`${id}-count`} className="field__hint">
          {t('promotions.commentCount', { count: length, max: PROMOTION_COMMENT_MAX })}
        </p>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-images`}>
          {t('promotions.images')}
        </label>
        <input
          id={`${id}-images`}
          className="field__control"
          type="file"
          accept="image/png,image/jpeg"
          multiple
          data-testid="promotion-apply-images"
          aria-describedby={`${id}-images-hint`}
          onChange={(event) => pick(event.target.files)}
        />
        <p id={`${id}-images-hint`} className="field__hint">
          {t('promotions.imagesHint')}
        </p>
        {fileError && (
          <p role="alert" className="field__error" data-testid="promotion-apply-file-error">
            {fileError}
          </p>
        )}
      </div>
      {send.isError && (
        <p role="alert" className="form-error">
          {errorText(t, send.error)}
        </p>
      )}
      <div className="promotions__actions">
        <button type="button" className="button button--ghost" onClick={onDone}>
          {t('promotions.cancel')}
        </button>
        <button
          type="submit"
          className="button button--primary"
          disabled={!ok || send.isPending}
          data-testid="promotion-apply-submit"
        >
          {t('promotions.send')}
        </button>
      </div>
    </form>
  );
}
