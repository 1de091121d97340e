import { demoMerchantTemplate } from './demo-merchant';
import { helpSectionsEn } from './help-en';
import { helpSectionsFil } from './help-fil';
import type { MerchantTemplate } from './merchant-template';

/**
 * A merchant made by `npm run create-owner` (ADR 0016): the demo merchant's settings (registration rules, modules,
 * languages, menu, countries, help text under the new name) without anything that points at the demo's made-up
 * addresses (customer service, social links, domains, CDNs, footer vendors, licence image). The owner sets those in the
 * back office.
 */
export const newMerchantTemplate = ({
  code,
  name,
  hosts,
}: {
  code: string;
  name: string;
  hosts: string[];
}): MerchantTemplate => ({
  ...demoMerchantTemplate(),
  code,
  name,
  hosts,
  mainDomain: hosts[0] ?? '',
  licenseImageUrl: null,
  gtagId: null,
  customerService: [],
  resources: [],
  domainRoutes: [],
  cdns: [],
  footerVendors: [],
  helpSections: [
    ...helpSectionsEn(name).map((section) => ({ ...section, lang: 'EN' })),
    ...helpSectionsFil(name).map((section) => ({ ...section, lang: 'TY' })),
  ],
});
