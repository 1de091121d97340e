import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OPS_API } from '@platform/contracts';
import { done } from '../../../lib/respond';
import { route } from '../../../lib/route';
import type { StaffAuth } from '../../operations/staff';
import type { ContentOpsService } from './content-ops.service';

/**
 * Staff API for banners and notices (issue 5; screens in the back office of issue 7). Staff first, then input: a call
 * without the staff token learns nothing about what the body should be.
 */
export const contentOpsRoutes = async (
  app: FastifyInstance,
  { ops, staff }: { ops: ContentOpsService; staff: StaffAuth },
) => {
  const guard = (request: FastifyRequest) => staff.requireStaff(request, 'content.manage');

  route(app, 'GET', OPS_API.banners, {
    guard,
    handler: async ({ caller, query }) => ops.banners(caller.merchant, query.groupName, query),
  });

  route(app, 'POST', OPS_API.banners, {
    guard,
    what: { body: 'banner' },
    handler: async ({ caller, body, request }) => {
      const banner = await ops.createBanner(caller, body);
      request.log.info({ staff: caller.staff, banner: banner.id }, 'banner created');
      return banner;
    },
  });

  route(app, 'PATCH', OPS_API.banner, {
    guard,
    what: { params: 'id', body: 'banner' },
    handler: async ({ caller, params, body, request }) => {
      const banner = await ops.updateBanner(caller, BigInt(params.id), body);
      request.log.info({ staff: caller.staff, banner: banner.id }, 'banner updated');
      return banner;
    },
  });

  route(app, 'DELETE', OPS_API.banner, {
    guard,
    what: { params: 'id' },
    handler: async ({ caller, params, request }) => {
      const id = BigInt(params.id);
      await ops.deleteBanner(caller, id);
      request.log.info({ staff: caller.staff, banner: id.toString() }, 'banner deleted');
      return done('Banner deleted');
    },
  });

  route(app, 'GET', OPS_API.notices, {
    guard,
    handler: async ({ caller, query }) => ops.notices(caller.merchant, query, query),
  });

  route(app, 'POST', OPS_API.notices, {
    guard,
    what: { body: 'notice' },
    handler: async ({ caller, body, request }) => {
      const notice = await ops.createNotice(caller, body);
      request.log.info({ staff: caller.staff, notice: notice.id }, 'notice created');
      return notice;
    },
  });

  route(app, 'PATCH', OPS_API.notice, {
    guard,
    what: { params: 'id', body: 'notice' },
    handler: async ({ caller, params, body, request }) => {
      const notice = await ops.updateNotice(caller, BigInt(params.id), body);
      request.log.info({ staff: caller.staff, notice: notice.id }, 'notice updated');
      return notice;
    },
  });

  route(app, 'DELETE', OPS_API.notice, {
    guard,
    what: { params: 'id' },
    handler: async ({ caller, params, request }) => {
      const id = BigInt(params.id);
      await ops.deleteNotice(caller, id);
      request.log.info({ staff: caller.staff, notice: id.toString() }, 'notice deleted');
      return done('Notice deleted');
    },
  });
};
