import type { FastifyInstance } from 'fastify';
import { OPS_API } from '@platform/contracts';
import { route } from '../../../lib/route';
import { sendImage } from '../../../lib/uploaded-image';
import type { StaffAuth } from '../../operations/staff';
import type { PromotionsApplications } from './promotions-applications';
import type { PromotionsViews } from './promotions-costs';
import type { BonusForfeits } from './promotions-forfeits';
import type { ManualGrants } from './promotions-manual-grants';
import type { PromotionsOpsService } from './promotions-ops.service';

/**
 * Staff API (issue 20), all under promotions.manage: promotions and their terms (create, edit, suspend, resume), the
 * application queue with its images (approve pays the bonus; reject gives a reason), and manual bonus grants that a
 * second staff member approves.
 */
export const promotionsOpsRoutes = async (
  app: FastifyInstance,
  options: {
    applications: PromotionsApplications;
    promotions: PromotionsOpsService;
    grants: ManualGrants;
    forfeits: BonusForfeits;
    views: PromotionsViews;
    staff: StaffAuth;
  },
) => {
  const { applications, promotions, grants, forfeits, views, staff } = options;
  const guard = (request: Parameters<StaffAuth['requireStaff']>[0]) => staff.requireStaff(request, 'promotions.manage');

  route(app, 'GET', OPS_API.promotionApplications, {
    guard,
    handler: async ({ caller }) => applications.pending(caller.merchant),
  });

  route(app, 'POST', OPS_API.promotionApplicationApprove, {
    guard,
    handler: async ({ caller, params: { id } }) => applications.approve(caller, BigInt(id)),
  });

  route(app, 'POST', OPS_API.promotionApplicationReject, {
    guard,
    handler: async ({ caller, params: { id }, body: { reason } }) => applications.reject(caller, BigInt(id), reason),
  });

  route(app, 'GET', OPS_API.promotionApplicationImage, {
    guard,
    what: { params: 'image' },
    handler: async ({ caller, params, reply }) =>
      sendImage(reply, await promotions.image(caller.merchant, BigInt(params.id), Number(params.position))),
  });

  route(app, 'GET', OPS_API.promotions, {
    guard,
    handler: async ({ caller }) => promotions.list(caller.merchant),
  });

  route(app, 'POST', OPS_API.promotions, {
    guard,
    what: { body: 'promotion' },
    handler: async ({ caller, body }) => promotions.create(caller, body),
  });

  route(app, 'PUT', OPS_API.promotion, {
    guard,
    what: { body: 'promotion' },
    handler: async ({ caller, params, body }) => promotions.update(caller, BigInt(params.id), body),
  });

  route(app, 'POST', OPS_API.promotionStatus, {
    guard,
    handler: async ({ caller, params, body }) => promotions.setStatus(caller, BigInt(params.id), body.status),
  });

  route(app, 'GET', OPS_API.bonusGrants, {
    guard,
    handler: async ({ caller }) => grants.list(caller.merchant),
  });

  route(app, 'POST', OPS_API.bonusGrants, {
    guard,
    what: { body: 'bonus grant' },
    handler: async ({ caller, body }) => grants.request(caller, body),
  });

  route(app, 'POST', OPS_API.bonusGrantApprove, {
    guard,
    handler: async ({ caller, params }) => grants.approve(caller, BigInt(params.id)),
  });

  route(app, 'POST', OPS_API.bonusGrantReject, {
    guard,
    handler: async ({ caller, params, body }) => grants.reject(caller, BigInt(params.id), body.reason),
  });

  route(app, 'GET', OPS_API.promotionPreview, {
    guard,
    handler: async ({ caller, params, query }) => views.preview(caller.merchant, BigInt(params.id), query.language),
  });

  route(app, 'GET', OPS_API.promotionCosts, {
    guard,
    handler: async ({ caller, query }) => views.costs(caller.merchant, query.from, query.to),
  });

  route(app, 'GET', OPS_API.bonusForfeits, {
    guard,
    handler: async ({ caller }) => forfeits.list(caller.merchant),
  });

  route(app, 'POST', OPS_API.bonusForfeits, {
    guard,
    what: { body: 'bonus forfeit' },
    handler: async ({ caller, body }) => forfeits.request(caller, body),
  });

  route(app, 'POST', OPS_API.bonusForfeitApprove, {
    guard,
    handler: async ({ caller, params }) => forfeits.approve(caller, BigInt(params.id)),
  });

  route(app, 'POST', OPS_API.bonusForfeitReject, {
    guard,
    handler: async ({ caller, params, body }) => forfeits.reject(caller, BigInt(params.id), body.reason),
  });
};
