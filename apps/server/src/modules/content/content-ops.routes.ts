import type { FastifyInstance } from 'fastify';
import {
  ContentIdParamsSchema,
  OpsBannerCreateSchema,
  OpsBannerPageSchema,
  OpsBannerQuerySchema,
  OpsBannerSchema,
  OpsBannerUpdateSchema,
  OpsNoticeCreateSchema,
  OpsNoticePageSchema,
  OpsNoticeQuerySchema,
  OpsNoticeSchema,
  OpsNoticeUpdateSchema,
  OPS_API,
} from '@platform/contracts';
import { done, success } from '../../lib/respond';
import { parseInput } from '../../lib/validate';
import type { StaffAuth } from '../staff';
import type { ContentOpsService } from './content-ops.service';

const idOf = (params: unknown): bigint => BigInt(parseInput(ContentIdParamsSchema, params, 'id').id);

/**
 * Staff API for banners and notices (issue 5; screens in the back office of issue 7). Staff first, then input: a call
 * without the staff token learns nothing about what the body should be.
 */
export const contentOpsRoutes = async (
  app: FastifyInstance,
  { ops, staff }: { ops: ContentOpsService; staff: StaffAuth },
) => {
  app.get(OPS_API.banners, async (request) => {
    const { merchant } = await staff.requireStaff(request, 'content.manage');
    const query = parseInput(OpsBannerQuerySchema, request.query, 'query');
    return success(OpsBannerPageSchema, await ops.banners(merchant, query.groupName, query));
  });

  app.post(OPS_API.banners, async (request) => {
    const caller = await staff.requireStaff(request, 'content.manage');
    const body = parseInput(OpsBannerCreateSchema, request.body, 'banner');
    const banner = await ops.createBanner(caller, body);
    request.log.info({ staff: caller.staff, banner: banner.id }, 'banner created');
    return success(OpsBannerSchema, banner);
  });

  app.patch(OPS_API.banner, async (request) => {
    const caller = await staff.requireStaff(request, 'content.manage');
    const id = idOf(request.params);
    const body = parseInput(OpsBannerUpdateSchema, request.body, 'banner');
    const banner = await ops.updateBanner(caller, id, body);
    request.log.info({ staff: caller.staff, banner: banner.id }, 'banner updated');
    return success(OpsBannerSchema, banner);
  });

  app.delete(OPS_API.banner, async (request) => {
    const caller = await staff.requireStaff(request, 'content.manage');
    const id = idOf(request.params);
    await ops.deleteBanner(caller, id);
    request.log.info({ staff: caller.staff, banner: id.toString() }, 'banner deleted');
    return done('Banner deleted');
  });

  app.get(OPS_API.notices, async (request) => {
    const { merchant } = await staff.requireStaff(request, 'content.manage');
    const query = parseInput(OpsNoticeQuerySchema, request.query, 'query');
    return success(OpsNoticePageSchema, await ops.notices(merchant, query, query));
  });

  app.post(OPS_API.notices, async (request) => {
    const caller = await staff.requireStaff(request, 'content.manage');
    const body = parseInput(OpsNoticeCreateSchema, request.body, 'notice');
    const notice = await ops.createNotice(caller, body);
    request.log.info({ staff: caller.staff, notice: notice.id }, 'notice created');
    return success(OpsNoticeSchema, notice);
  });

  app.patch(OPS_API.notice, async (request) => {
    const caller = await staff.requireStaff(request, 'content.manage');
    const id = idOf(request.params);
    const body = parseInput(OpsNoticeUpdateSchema, request.body, 'notice');
    const notice = await ops.updateNotice(caller, id, body);
    request.log.info({ staff: caller.staff, notice: notice.id }, 'notice updated');
    return success(OpsNoticeSchema, notice);
  });

  app.delete(OPS_API.notice, async (request) => {
    const caller = await staff.requireStaff(request, 'content.manage');
    const id = idOf(request.params);
    await ops.deleteNotice(caller, id);
    request.log.info({ staff: caller.staff, notice: id.toString() }, 'notice deleted');
    return done('Notice deleted');
  });
};
