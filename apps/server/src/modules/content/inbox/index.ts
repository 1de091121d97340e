import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../db/database';
import type { Clock } from '../../../lib/clock';
import type { EventBus } from '../../../lib/event-bus';
import type { Auth, MerchantResolver } from '../../identity/identity';
import type { StaffAuth } from '../../operations/staff';
import { every, type JobDefinition } from '../../platform/jobs';
import { inboxRepository } from './inbox.repository';
import { inboxRoutes } from './inbox.routes';
import { inboxServiceFactory, NO_VIP, type VipLevelPort } from './inbox.service';

export { NO_VIP, pickTranslation, type InboxService, type VipLevelPort } from './inbox.service';
export type { SystemValues } from './system-texts';

/** Scheduled messages pushed per run of inbox.scheduled. */
export const INBOX_PUSH_BATCH = 500;

/**
 * Internal messages (issue 22, spec messageV2): staff messages to a member, a list, a segment or everyone, and system
 * messages other modules send through `system(...)` (deposit credited, withdrawal paid, bonus granted, contract
 * offered, mission completed). Unread counts go out on the bus as `inbox.unread` (one member) and `inbox.broadcast`
 * (a merchant's members), which the realtime gateway turns into `message.unread`.
 */
export const createInboxModule = (deps: { db: Database; now: Clock; bus: EventBus; vip?: VipLevelPort }) => {
  const service = inboxServiceFactory({
    repository: inboxRepository(deps.db),
    now: deps.now,
    vip: deps.vip ?? NO_VIP,
    notify: {
      member: (merchantId, memberId, unreadMessage) =>
        deps.bus.emit('inbox.unread', { merchantId, memberId, unreadMessage }),
      broadcast: (merchantId) => deps.bus.emit('inbox.broadcast', { merchantId }),
    },
  });
  const jobs: JobDefinition[] = [
    {
      name: 'inbox.scheduled',
      schedule: every(1, 'minutes'),
      // Scheduled messages whose time came get their realtime push once (marked pushed in the same update).
      run: async () => ({ pushed: await service.pushDue(INBOX_PUSH_BATCH) }),
    },
  ];
  return {
    service,
    jobs,
    /** A system message to one member, once per business key (e.g. the order number). */
    system: service.system,
    routes:
      (options: { auth: Pick<Auth, 'requireMember'>; merchantOf: MerchantResolver; staff: StaffAuth }) =>
      async (app: FastifyInstance) => {
        await app.register(inboxRoutes, { inbox: service, ...options });
      },
  };
};

export type InboxModule = ReturnType<typeof createInboxModule>;
