import type { Queryable } from '../../../db/database';
import type { Clock } from '../../../lib/clock';
import type { PayloadKeys } from './payload-keys';
import { sealedRepository } from './sealed.repository';
import { sealedServiceFactory } from './sealed.service';

export { loadPayloadKeys, type PayloadKeys } from './payload-keys';
export type { SealedService } from './sealed.service';

export const createSealedModule = (deps: { db: Queryable; keys: PayloadKeys; now: Clock }) => {
  const repository = sealedRepository(deps.db);
  return {
    service: sealedServiceFactory({ keys: deps.keys, nonces: repository, now: deps.now }),
    purge: repository.purge,
  };
};
