import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API, PROOF_MAX_BYTES, PROOF_MAX_FILES, WithdrawConfirmFieldsSchema } from '@platform/contracts';
import { AppError } from '../../../lib/app-error';
import { done } from '../../../lib/respond';
import { route } from '../../../lib/route';
import { assertStorable } from '../../../lib/storable-input';
import { parseInput } from '../../../lib/validate';
import type { Auth, MerchantResolver } from '../../identity/identity';
import type { SealedService } from '../../identity/sealed';
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

  route(app, 'GET', API.withdraw.settings, {
    guard: auth.requireMember,
    handler: async ({ caller: session, request, reply }) => {
      void reply.header('cache-control', 'no-store');
      return withdraw.settings(await merchantOf(request), session);
    },
  });

  route(app, 'GET', API.withdraw.accounts, {
    guard: auth.requireMember,
    handler: async ({ caller: session }) => ({ list: await withdraw.accounts(session) }),
  });

  route(app, 'POST', API.withdraw.accounts, {
    guard: auth.requireMember,
    what: { body: 'withdrawal account' },
    handler: async ({ caller: session, body }) => withdraw.bindAccount(session, body),
  });

  route(app, 'DELETE', API.withdraw.account, {
    guard: auth.requireMember,
    what: { params: 'account' },
    handler: async ({ caller: session, params }) => {
      await withdraw.removeAccount(session, BigInt(params.accountId));
      return done('The account has been removed');
    },
  });

  route(app, 'POST', API.withdraw.orders, {
    guard: auth.requireMember,
    handler: async ({ caller: session, request, descriptor }) => {
      const body = await sealed.open(session.merchantId, request.body, descriptor.body, 'withdrawal');
      return withdraw.request(await merchantOf(request), session, body);
    },
  });

  route(app, 'GET', API.withdraw.orders, {
    guard: auth.requireMember,
    what: { query: 'page' },
    handler: async ({ caller: session, query, request }) =>
      withdraw.orders(await merchantOf(request), session, query.page, query.pageSize),
  });

  route(app, 'GET', API.withdraw.order, {
    guard: auth.requireMember,
    what: { params: 'order' },
    handler: async ({ caller: session, params, request }) =>
      withdraw.order(await merchantOf(request), session, params.orderNo),
  });

  route(app, 'POST', API.withdraw.confirm, {
    guard: auth.requireMember,
    what: { params: 'order' },
    handler: async ({ caller: session, params: { orderNo }, request }) => {
      const merchant = await merchantOf(request);
      // Ownership before reading the upload: another member's order is a 404 whatever was sent.
      await withdraw.ownOrder(merchant, session, orderNo);
      const { answer, proofs } = await readConfirmation(request);
      return withdraw.confirm(merchant, session, orderNo, answer, proofs);
    },
  });

  /** A proof image, to the member whose order it is (staff read it through OPS_API.withdrawalProof). */
  route(app, 'GET', API.withdraw.proof, {
    guard: auth.requireMember,
    what: { params: 'proof' },
    handler: async ({ caller: session, params, request, reply }) => {
      const merchant = await merchantOf(request);
      const order = await withdraw.ownOrder(merchant, session, params.orderNo);
      return sendProof(reply, await withdraw.proof(merchant, order.id, BigInt(params.proofId)));
    },
  });
};
