import type { WhitelabelNode } from '@platform/contracts';
import { AppError } from '../../../lib/app-error';
import type { MerchantRepository } from './merchant.repository';
import type { Merchant } from './merchant.types';
import { normalizeHost } from './host';
import { isRegionRestricted } from './region';
import { buildWhitelabelTree } from './whitelabel-tree';

export type MerchantServiceDeps = {
  repository: MerchantRepository;
  /** Serves hosts that no merchant_domains row claims. */
  defaultMerchantCode: string;
};

/**
 * Merchant resolution and configuration reads. Configuration is read from rows on every call, not
 * cached, so an operator's change (maintenance, a region rule) takes effect on the next request.
 */
export const merchantServiceFactory = ({ repository, defaultMerchantCode }: MerchantServiceDeps) => {
  /**
   * The merchant of a request is the one whose domain matches the Host header. An unknown host falls back
   * to the default merchant rather than failing: on a fresh clone the app is reached as localhost, a LAN
   * address or a tunnel host that nobody registered, and in a multi-merchant deployment the fallback only
   * ever shows the default merchant's own public configuration, never another tenant's.
   */
  const resolveByHost = async (host: string): Promise<Merchant> => {
    const merchant =
      (await repository.findByHost(normalizeHost(host))) ?? (await repository.findByCode(defaultMerchantCode));
    if (merchant === undefined) {
      throw new AppError('UNKNOWN_MERCHANT', 404, 'No merchant is configured for this domain');
    }
    if (merchant.status !== 'ACTIVE') {
      throw new AppError('MERCHANT_CLOSED', 403, 'This site is closed');
    }
    return merchant;
  };

  const whitelabelTree = async (merchantId: number): Promise<WhitelabelNode[]> =>
    buildWhitelabelTree(await repository.whitelabelModules(merchantId));

  const regionRestricted = async (merchantId: number, ip: string): Promise<boolean> =>
    isRegionRestricted(await repository.regionRules(merchantId), ip);

  const supportsLanguage = async (merchantId: number, code: string): Promise<boolean> =>
    (await repository.languages(merchantId)).some((language) => language.code === code);

  /**
   * Whether `host` is one of the merchant's own domains (not the default-merchant fallback): links we email are built
   * only on such hosts, so a forged Host header cannot point a reset link at someone else's site.
   */
  const ownsHost = async (merchantId: number, host: string): Promise<boolean> =>
    (await repository.findByHost(normalizeHost(host)))?.id === merchantId;

  /** A merchant by id (jobs and events carry ids); UNKNOWN_MERCHANT when there is none. */
  const byId = async (id: number): Promise<Merchant> => {
    const merchant = await repository.findById(id);
    if (merchant === undefined) throw new AppError('UNKNOWN_MERCHANT', 404, 'Unknown merchant');
    return merchant;
  };

  return {
    resolveByHost,
    byId,
    ownsHost,
    whitelabelTree,
    regionRestricted,
    supportsLanguage,
    languages: repository.languages,
    maintenanceMessages: repository.maintenanceMessages,
    registerFields: repository.registerFields,
    customerService: repository.customerService,
    resources: repository.resources,
    domainRoutes: repository.domainRoutes,
    cdns: repository.cdns,
    domains: repository.domains,
    menu: repository.menu,
    footerVendors: repository.footerVendors,
    countries: repository.countries,
  };
};

export type MerchantService = ReturnType<typeof merchantServiceFactory>;
