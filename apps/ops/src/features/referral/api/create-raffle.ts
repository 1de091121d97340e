import { OpsRaffleSchema, REFERRAL_OPS_API, type OpsRaffleInput } from '@platform/contracts';
import { apiCall } from '@/lib/api-client';
import { referralRoute } from './keys';

/** POST a new raffle; the server draws its seed and answers with the seed's hash only (promotions.manage). */
export const createRaffle = (body: OpsRaffleInput) =>
  apiCall(referralRoute('POST', REFERRAL_OPS_API.raffles), { body }, OpsRaffleSchema);
