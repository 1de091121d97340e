import { API, PromotionApplicationStatusSchema } from '@platform/contracts';
import { apiRequest } from '@/lib/api-client';

/** POST an application (multipart, spec §5 activity applications): the comment beside up to three images. */
export const applyPromotion = (id: string, input: { comment: string; images: File[] }) => {
  const form = new FormData();
  form.set('comment', input.comment);
  for (const image of input.images) form.append('images', image);
  return apiRequest(API.promotions.apply.replace(':id', encodeURIComponent(id)), {
    method: 'POST',
    formData: form,
    schema: PromotionApplicationStatusSchema,
  });
};
