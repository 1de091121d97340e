import { OpsRaffleSchema, REFERRAL_OPS_API } from '@platform/contracts';
import { apiCall } from '@/lib/api-client';
import { referralRoute } from './keys';

/** POST: cancels a raffle not yet drawn (409 RAFFLE_DRAWN once its tickets are frozen for the draw). */
export const cancelRaffle = (id: string) =>
  apiCall(referralRoute('POST', REFERRAL_OPS_API.raffleCancel), { params: { id } }, OpsRaffleSchema);
