import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OPS_API } from '@platform/contracts';
import { done } from '../../../lib/respond';
import { route } from '../../../lib/route';
import type { StaffAuth } from '../../operations/staff';
import type { HelpOpsService } from './help-ops.service';

/** Staff API of the help centre and terms (issue 7). Staff first, then input, like the banners and notices. */
export const helpOpsRoutes = async (
  app: FastifyInstance,
  { help, staff }: { help: HelpOpsService; staff: StaffAuth },
) => {
  const guard = (request: FastifyRequest) => staff.requireStaff(request, 'content.manage');

  route(app, 'GET', OPS_API.helpSections, {
    guard,
    handler: async ({ caller, query }) => help.list(caller.merchant, query.lang),
  });

  route(app, 'POST', OPS_API.helpSections, {
    guard,
    what: { body: 'help section' },
    handler: async ({ caller, body, request }) => {
      const section = await help.create(caller, body);
      request.log.info({ staff: caller.staff, help: `${section.lang}/${section.anchor}` }, 'help section created');
      return section;
    },
  });

  route(app, 'PATCH', OPS_API.helpSection, {
    guard,
    what: { params: 'help section', body: 'help section' },
    handler: async ({ caller, params: key, body, request }) => {
      const section = await help.update(caller, key, body);
      request.log.info({ staff: caller.staff, help: `${section.lang}/${section.anchor}` }, 'help section updated');
      return section;
    },
  });

  route(app, 'DELETE', OPS_API.helpSection, {
    guard,
    what: { params: 'help section' },
    handler: async ({ caller, params: key, request }) => {
      await help.delete(caller, key);
      request.log.info({ staff: caller.staff, help: `${key.lang}/${key.anchor}` }, 'help section deleted');
      return done('Help section deleted');
    },
  });
};
