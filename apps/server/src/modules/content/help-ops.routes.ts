import type { FastifyInstance } from 'fastify';
import {
  HelpSectionParamsSchema,
  OpsHelpSectionCreateSchema,
  OpsHelpSectionListSchema,
  OpsHelpSectionQuerySchema,
  OpsHelpSectionSchema,
  OpsHelpSectionUpdateSchema,
  OPS_API,
} from '@platform/contracts';
import { done, success } from '../../lib/respond';
import { parseInput } from '../../lib/validate';
import type { StaffAuth } from '../staff';
import type { HelpOpsService } from './help-ops.service';

/** Staff API of the help centre and terms (issue 7). Staff first, then input, like the banners and notices. */
export const helpOpsRoutes = async (
  app: FastifyInstance,
  { help, staff }: { help: HelpOpsService; staff: StaffAuth },
) => {
  app.get(OPS_API.helpSections, async (request) => {
    const { merchant } = await staff.requireStaff(request, 'content.manage');
    const query = parseInput(OpsHelpSectionQuerySchema, request.query, 'query');
    return success(OpsHelpSectionListSchema, await help.list(merchant, query.lang));
  });

  app.post(OPS_API.helpSections, async (request) => {
    const caller = await staff.requireStaff(request, 'content.manage');
    const body = parseInput(OpsHelpSectionCreateSchema, request.body, 'help section');
    const section = await help.create(caller, body);
    request.log.info({ staff: caller.staff, help: `${section.lang}/${section.anchor}` }, 'help section created');
    return success(OpsHelpSectionSchema, section);
  });

  app.patch(OPS_API.helpSection, async (request) => {
    const caller = await staff.requireStaff(request, 'content.manage');
    const key = parseInput(HelpSectionParamsSchema, request.params, 'help section');
    const body = parseInput(OpsHelpSectionUpdateSchema, request.body, 'help section');
    const section = await help.update(caller, key, body);
    request.log.info({ staff: caller.staff, help: `${section.lang}/${section.anchor}` }, 'help section updated');
    return success(OpsHelpSectionSchema, section);
  });

  app.delete(OPS_API.helpSection, async (request) => {
    const caller = await staff.requireStaff(request, 'content.manage');
    const key = parseInput(HelpSectionParamsSchema, request.params, 'help section');
    await help.delete(caller, key);
    request.log.info({ staff: caller.staff, help: `${key.lang}/${key.anchor}` }, 'help section deleted');
    return done('Help section deleted');
  });
};
