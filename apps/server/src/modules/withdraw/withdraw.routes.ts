import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  API,
  BindWithdrawAccountRequestSchema,
  PROOF_MAX_BYTES,
  PROOF_MAX_FILES,
  WithdrawAccountListSchema,
  WithdrawAccountParamsSchema,
  WithdrawAccountSchema,
  WithdrawConfirmFieldsSchema,
  WithdrawOrderPageSchema,
  WithdrawOrderParamsSchema,
  WithdrawOrderSchema,
  WithdrawPageQuerySchema,
  WithdrawProofParamsSchema,
  WithdrawRequestSchema,
  WithdrawSettingsSchema,
} from '@platform/contracts';
import { AppError } from '../../lib/app-error';
import { done, success } from '../../lib/respond';
import { assertStorable } from '../../lib/storable-input';
import { parseInput } from '../../lib/validate';
import type { Auth, MerchantResolver } from '../identity';
import type { SealedService } from '../sealed';
import { proofContentType, sendProof } from './proof-image';
import type { NewProof } from './withdraw.repository';
import type { WithdrawMemberService } from './withdraw-member.service';

export type WithdrawRoutesOptions = {
  withdraw: WithdrawMemberService;
  auth: Auth;
  merchantOf: MerchantResolver;
  sealed: Pick<SealedService, 'open'>;
};

/** Reads the confirmation form: its fields and up to three checked images, all in memory (5 MB each at most). */
const readConfirmation = async (request: FastifyRequest) => {
  const fields: Record<string, string> = {};
  const proofs: NewProof[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (proofs.length >= PROOF_MAX_FILES) {
          throw new AppError('TOO_MANY_FILES', 400, `At most ${PROOF_MAX_FILES} images per order`);
        }
        const bytes = await part.toBuffer();
        proofs.push({ contentType: proofContentType(bytes), bytes });
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('FILE_TOO_LARGE', 413, 'Each image may be at most 5 MB');
    if (code === 'FST_FILES_LIMIT') throw new AppError('TOO_MANY_FILES', 400, `At most ${PROOF_MAX_FILES} images`);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      throw new AppError('VALIDATION_FAILED', 400, 'The confirmation must be sent as multipart/form-data');
    }
    throw new AppError('VALIDATION_FAILED', 400, 'The upload could not be read');
  }
  // Multipart fields are read here, after the edge guard ran: they are checked for storable text like any body.
  assertStorable(fields, 'confirmation');
  const answer = parseInput(WithdrawConfirmFieldsSchema, fields, 'confirmation');

  return { answer: { state: answer.state, note: answer.note || null }, proofs };
};

/** The member's withdrawals (spec member centre `withdraw`, §4 confirmation); staff's are in withdraw-ops.routes.ts. */
export const withdrawRoutes = async (app: FastifyInstance, options: WithdrawRoutesOptions) => {
  const { withdraw, auth, merchantOf, sealed } = options;
  // One more file than allowed is read so that the fourth is answered TOO_MANY_FILES rather than dropped.
  await app.register(multipart, {
    limits: { fileSize: PROOF_MAX_BYTES, files: PROOF_MAX_FILES + 1, fields: 5, fieldSize: 2_000, parts: 10 },
  });

  app.get(API.withdraw.settings, async (request, reply) => {
    const session = await auth.requireMember(request);
    void reply.header('cache-control', 'no-store');
    return success(WithdrawSettingsSchema, await withdraw.settings(await merchantOf(request), session));
  });

  app.get(API.withdraw.accounts, async (request) => {
    const session = await auth.requireMember(request);
    return success(WithdrawAccountListSchema, { list: await withdraw.accounts(session) });
  });

  app.post(API.withdraw.accounts, async (request) => {
    const session = await auth.requireMember(request);
    const body = parseInput(BindWithdrawAccountRequestSchema, request.body, 'withdrawal account');
    return success(WithdrawAccountSchema, await withdraw.bindAccount(session, body));
  });

  app.delete(API.withdraw.account, async (request) => {
    const session = await auth.requireMember(request);
    const { accountId } = parseInput(WithdrawAccountParamsSchema, request.params, 'account');
    await withdraw.removeAccount(session, BigInt(accountId));
    return done('The account has been removed');
  });

  app.post(API.withdraw.orders, async (request) => {
    const session = await auth.requireMember(request);
    const body = await sealed.open(session.merchantId, request.body, WithdrawRequestSchema, 'withdrawal');
    return success(WithdrawOrderSchema, await withdraw.request(await merchantOf(request), session, body));
  });

  app.get(API.withdraw.orders, async (request) => {
    const session = await auth.requireMember(request);
    const query = parseInput(WithdrawPageQuerySchema, request.query, 'page');
    const merchant = await merchantOf(request);
    return success(WithdrawOrderPageSchema, await withdraw.orders(merchant, session, query.page, query.pageSize));
  });

  app.get(API.withdraw.order, async (request) => {
    const session = await auth.requireMember(request);
    const { orderNo } = parseInput(WithdrawOrderParamsSchema, request.params, 'order');
    return success(WithdrawOrderSchema, await withdraw.order(await merchantOf(request), session, orderNo));
  });

  app.post(API.withdraw.confirm, async (request) => {
    const session = await auth.requireMember(request);
    const { orderNo } = parseInput(WithdrawOrderParamsSchema, request.params, 'order');
    const merchant = await merchantOf(request);
    // Ownership before reading the upload: another member's order is a 404 whatever was sent.
    await withdraw.ownOrder(merchant, session, orderNo);
    const { answer, proofs } = await readConfirmation(request);
    return success(WithdrawOrderSchema, await withdraw.confirm(merchant, session, orderNo, answer, proofs));
  });

  /** A proof image, to the member whose order it is (staff read it through OPS_API.withdrawalProof). */
  app.get(API.withdraw.proof, async (request, reply) => {
    const session = await auth.requireMember(request);
    const params = parseInput(WithdrawProofParamsSchema, request.params, 'proof');
    const merchant = await merchantOf(request);
    const order = await withdraw.ownOrder(merchant, session, params.orderNo);
    return sendProof(reply, await withdraw.proof(merchant, order.id, BigInt(params.proofId)));
  });
};
