import {
  FEEDBACK_API,
  FEEDBACK_OPS_API,
  FeedbackFieldsSchema,
  FeedbackIdParamsSchema,
  FeedbackImageParamsSchema,
  FeedbackListSchema,
  FeedbackOpsQuerySchema,
  FeedbackReplySchema,
  FeedbackSchema,
  FeedbackSettingsSchema,
  FeedbackSettingsUpdateSchema,
  OpsFeedbackPageSchema,
  OpsFeedbackSchema,
} from '../feedback';
import type { RouteDescriptor } from './route-descriptor';

/** Feedback (issue 22): the member's form and history, and the back office's queue (support.handle). */
export const FEEDBACK_ROUTES = [
  {
    method: 'PUT',
    path: FEEDBACK_API.feedback,
    auth: 'member',
    body: FeedbackFieldsSchema,
    encoding: 'multipart',
    response: FeedbackSchema,
  },
  { method: 'GET', path: FEEDBACK_API.feedback, auth: 'member', response: FeedbackListSchema },
  { method: 'GET', path: FEEDBACK_API.settings, auth: 'member', response: FeedbackSettingsSchema },
  // Answers the image itself.
  { method: 'GET', path: FEEDBACK_API.image, auth: 'member', params: FeedbackImageParamsSchema },
  {
    method: 'GET',
    path: FEEDBACK_OPS_API.queue,
    auth: 'staff',
    query: FeedbackOpsQuerySchema,
    response: OpsFeedbackPageSchema,
  },
  {
    method: 'POST',
    path: FEEDBACK_OPS_API.reply,
    auth: 'staff',
    params: FeedbackIdParamsSchema,
    body: FeedbackReplySchema,
    response: OpsFeedbackSchema,
  },
  {
    method: 'POST',
    path: FEEDBACK_OPS_API.close,
    auth: 'staff',
    params: FeedbackIdParamsSchema,
    response: OpsFeedbackSchema,
  },
  { method: 'GET', path: FEEDBACK_OPS_API.image, auth: 'staff', params: FeedbackImageParamsSchema },
  { method: 'GET', path: FEEDBACK_OPS_API.settings, auth: 'staff', response: FeedbackSettingsSchema },
  {
    method: 'PUT',
    path: FEEDBACK_OPS_API.settings,
    auth: 'staff',
    body: FeedbackSettingsUpdateSchema,
    response: FeedbackSettingsSchema,
  },
] as const satisfies readonly RouteDescriptor[];
