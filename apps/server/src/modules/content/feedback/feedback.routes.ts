import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  FEEDBACK_API,
  FEEDBACK_IMAGE_MAX_BYTES,
  FEEDBACK_MAX_IMAGES,
  FEEDBACK_OPS_API,
  FeedbackFieldsSchema,
} from '@platform/contracts';
import { route } from '../../../lib/route';
import { assertStorable } from '../../../lib/storable-input';
import { readImageForm, sendImage } from '../../../lib/uploaded-image';
import { parseInput } from '../../../lib/validate';
import type { Auth } from '../../identity/identity';
import { enforceLimits, type RateLimiter, type RateRule } from '../../platform/rate-limit';
import type { StaffAuth, StaffCaller } from '../../operations/staff';
import type { FeedbackService } from './feedback.service';

/** Ten feedbacks an hour per member: each may carry 15 MB of images. */
export const FEEDBACK_RULE: RateRule = { name: 'feedback', limit: 10, periodMs: 60 * 60_000 };

/** Reads the form: its fields and up to three images checked by their bytes, in memory (5 MB each at most). */
const readForm = async (request: FastifyRequest) => {
  const { fields, images } = await readImageForm(request, FEEDBACK_MAX_IMAGES, FEEDBACK_IMAGE_MAX_BYTES);
  assertStorable(fields, 'feedback');
  return { input: parseInput(FeedbackFieldsSchema, fields, 'feedback'), images };
};

export type FeedbackRoutesOptions = {
  feedback: FeedbackService;
  setSettings: (
    caller: StaffCaller,
    input: { minWords: number; maxWords: number },
  ) => Promise<{ minWords: number; maxWords: number }>;
  auth: Pick<Auth, 'requireMember'>;
  staff: StaffAuth;
  limiter: RateLimiter;
};

/** The member's feedback (spec §7 feedback PUT) and the back office's queue. */
export const feedbackRoutes = async (
  app: FastifyInstance,
  { feedback, setSettings, auth, staff, limiter }: FeedbackRoutesOptions,
) => {
  // One more file than allowed is read so that the fourth is answered TOO_MANY_FILES rather than dropped.
  await app.register(multipart, {
    limits: {
      fileSize: FEEDBACK_IMAGE_MAX_BYTES,
      files: FEEDBACK_MAX_IMAGES + 1,
      fields: 5,
      fieldSize: 60_000,
      parts: 10,
    },
  });

  route(app, 'PUT', FEEDBACK_API.feedback, {
    guard: auth.requireMember,
    options: { bodyLimit: (FEEDBACK_MAX_IMAGES + 1) * FEEDBACK_IMAGE_MAX_BYTES },
    handler: async ({ caller, request }) => {
      // Limited before the upload is read: each feedback can carry 15 MB of images.
      await enforceLimits(limiter, caller.merchantId, [[FEEDBACK_RULE, caller.memberId.toString()]]);
      const { input, images } = await readForm(request);
      return feedback.send(caller.merchantId, caller.memberId, input, images);
    },
  });

  route(app, 'GET', FEEDBACK_API.feedback, {
    guard: auth.requireMember,
    handler: async ({ caller }) => feedback.history(caller.merchantId, caller.memberId),
  });

  route(app, 'GET', FEEDBACK_API.settings, {
    guard: auth.requireMember,
    handler: async ({ caller }) => feedback.settings(caller.merchantId),
  });

  route(app, 'GET', FEEDBACK_API.image, {
    guard: auth.requireMember,
    what: { params: 'image' },
    handler: async ({ caller, params, reply }) =>
      sendImage(
        reply,
        await feedback.image(caller.merchantId, BigInt(params.id), Number(params.position), caller.memberId),
      ),
  });

  const guard = (request: FastifyRequest) => staff.requireStaff(request, 'support.handle');

  route(app, 'GET', FEEDBACK_OPS_API.queue, {
    guard,
    handler: async ({ caller, query }) =>
      feedback.queue(caller.merchant.id, query.status, query.pageNo, query.pageSize),
  });

  route(app, 'POST', FEEDBACK_OPS_API.reply, {
    guard,
    what: { params: 'feedback', body: 'reply' },
    handler: async ({ caller, params, body, request }) => {
      const answered = await feedback.reply(
        caller.merchant.id,
        BigInt(params.id),
        caller.staff,
        body.reply,
        body.close,
      );
      request.log.info({ staff: caller.staff, feedback: params.id }, 'feedback answered');
      return answered;
    },
  });

  route(app, 'POST', FEEDBACK_OPS_API.close, {
    guard,
    what: { params: 'feedback' },
    absentBody: {},
    handler: async ({ caller, params }) => feedback.close(caller.merchant.id, BigInt(params.id)),
  });

  route(app, 'GET', FEEDBACK_OPS_API.image, {
    guard,
    what: { params: 'image' },
    handler: async ({ caller, params, reply }) =>
      sendImage(reply, await feedback.image(caller.merchant.id, BigInt(params.id), Number(params.position))),
  });

  const configGuard = (request: FastifyRequest) => staff.requireStaff(request, 'config.manage');
  route(app, 'GET', FEEDBACK_OPS_API.settings, {
    guard: configGuard,
    handler: async ({ caller }) => feedback.settings(caller.merchant.id),
  });
  route(app, 'PUT', FEEDBACK_OPS_API.settings, {
    guard: configGuard,
    what: { body: 'feedback settings' },
    handler: async ({ caller, body }) => setSettings(caller, body),
  });
};
