import { countWords, type Feedback, type OpsFeedback } from '@platform/contracts';
import { AppError, notFound } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import type { UploadedImage } from '../../../lib/uploaded-image';
import type { FeedbackRepository, FeedbackRow } from './feedback.repository';

/** The history a member sees: its latest feedback. */
export const FEEDBACK_HISTORY_LIMIT = 50;

const toWire = (row: FeedbackRow): Feedback => ({
  id: row.id.toString(),
  type: row.type,
  content: row.content,
  status: row.status,
  images: row.images,
  reply: row.reply,
  repliedAt: row.repliedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});
const toOps = (row: FeedbackRow): OpsFeedback => ({ ...toWire(row), username: row.username, repliedBy: row.repliedBy });

/**
 * Feedback rules: the content's word count between the merchant's limits (spec §5), images already checked by their
 * bytes; a member reads only its own feedback and images (another member's is a 404), staff any of the merchant.
 */
export const feedbackServiceFactory = ({ repository, now }: { repository: FeedbackRepository; now: Clock }) => ({
  settings: (merchantId: number) => repository.settings(merchantId),

  async send(
    merchantId: number,
    memberId: bigint,
    input: { type: FeedbackRow['type']; content: string },
    images: UploadedImage[],
  ): Promise<Feedback> {
    const { minWords, maxWords } = await repository.settings(merchantId);
    const words = countWords(input.content);
    if (words < minWords || words > maxWords) {
      throw new AppError('FEEDBACK_LENGTH', 400, `Please write between ${minWords} and ${maxWords} words`, {
        value: { minWords, maxWords, words },
      });
    }
    const id = await repository.insert(merchantId, memberId, input, images, new Date(now()));
    const row = await repository.one(merchantId, id);
    if (row === null) throw new Error('feedback not found after insert');
    return toWire(row);
  },

  history: async (merchantId: number, memberId: bigint) => ({
    list: (await repository.ofMember(merchantId, memberId, FEEDBACK_HISTORY_LIMIT)).map(toWire),
  }),

  async image(merchantId: number, id: bigint, position: number, memberId?: bigint) {
    if (memberId !== undefined && (await repository.one(merchantId, id, memberId)) === null) {
      throw notFound('No such image');
    }
    const image = await repository.image(merchantId, id, position);
    if (image === null) throw notFound('No such image');
    return image;
  },

  async queue(merchantId: number, status: FeedbackRow['status'] | undefined, pageNo: number, pageSize: number) {
    const { rows, total } = await repository.queue(merchantId, status, pageSize, (pageNo - 1) * pageSize);
    return { list: rows.map(toOps), pageNo, pageSize, total, totalPages: Math.max(1, Math.ceil(total / pageSize)) };
  },

  async reply(merchantId: number, id: bigint, staff: string, reply: string, close: boolean): Promise<OpsFeedback> {
    if (!(await repository.reply(merchantId, id, reply, staff, close, new Date(now())))) {
      throw notFound('No such open feedback');
    }
    const row = await repository.one(merchantId, id);
    if (row === null) throw notFound('No such feedback');
    return toOps(row);
  },

  async close(merchantId: number, id: bigint): Promise<OpsFeedback> {
    if (!(await repository.close(merchantId, id, new Date(now())))) throw notFound('No such open feedback');
    const row = await repository.one(merchantId, id);
    if (row === null) throw notFound('No such feedback');
    return toOps(row);
  },
});

export type FeedbackService = ReturnType<typeof feedbackServiceFactory>;
