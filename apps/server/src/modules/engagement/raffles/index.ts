import type { FastifyInstance } from 'fastify';
import type { Auth, MerchantResolver } from '../../identity/identity';
import type { StaffAuth } from '../../operations/staff';
import { every, type JobDefinition } from '../../platform/jobs';
import type { RateLimiter } from '../../platform/rate-limit';
import { rafflesRoutes } from './raffles.routes';
import { rafflesServiceFactory, type RafflesDeps } from './raffles.service';

export { holderOf, RAFFLE_ALGORITHM, seedHashOf, verifyDraw, winningTickets } from './raffle-draw';
export { prizeKey, RAFFLE_CLAIM_DAYS, type RafflesService } from './raffles.service';

/**
 * Raffles (issue 21, ADR 0045; owns raffles, raffle_tickets and raffle_winners): tickets from credited deposits or
 * valid bet (play statistics), a draw committed by the seed's hash before tickets close and verifiable from the
 * revealed seed, prizes paid through the reward centre and claimed (spec §7 raffle claim).
 */
export const createRafflesModule = (deps: RafflesDeps) => {
  const service = rafflesServiceFactory(deps);
  const jobs: JobDefinition[] = [
    { name: 'raffles.tickets', schedule: every(5, 'minutes'), run: async ({ signal }) => service.countOpen(signal) },
    { name: 'raffles.draw', schedule: every(1, 'minutes'), run: async ({ signal }) => service.drawDue(signal) },
  ];
  return {
    service,
    jobs,
    routes:
      (options: {
        auth: Pick<Auth, 'requireMember' | 'optionalSession'>;
        merchantOf: MerchantResolver;
        limiter: RateLimiter;
        staff: StaffAuth;
      }) =>
      async (app: FastifyInstance) =>
        rafflesRoutes(app, { service, ...options }),
  };
};

export type RafflesModule = ReturnType<typeof createRafflesModule>;
