import {
  FEEDBACK_API,
  FeedbackListSchema,
  FeedbackSchema,
  FeedbackSettingsSchema,
  type Feedback,
  type FeedbackSettings,
} from '@platform/contracts';
import { apiRequest } from '@/lib/api-client';

export const feedbackKeys = { settings: ['feedback', 'settings'] as const, history: ['feedback', 'history'] as const };

export const getFeedbackSettings = (signal?: AbortSignal): Promise<FeedbackSettings> =>
  apiRequest(FEEDBACK_API.settings, { schema: FeedbackSettingsSchema, ...(signal ? { signal } : {}) });

export const getFeedbackHistory = async (signal?: AbortSignal): Promise<Feedback[]> =>
  (await apiRequest(FEEDBACK_API.feedback, { schema: FeedbackListSchema, ...(signal ? { signal } : {}) })).list;

/** PUT /wps/feedback (spec §7 feedback PUT): multipart, the images beside the fields. */
export const sendFeedback = (input: { type: string; content: string; images: File[] }): Promise<Feedback> => {
  const form = new FormData();
  form.set('type', input.type);
  form.set('content', input.content);
  for (const image of input.images) form.append('images', image);
  return apiRequest(FEEDBACK_API.feedback, { method: 'PUT', formData: form, schema: FeedbackSchema });
};
