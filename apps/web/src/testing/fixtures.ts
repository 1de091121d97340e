import { obfuscateCsPath, PermissionConfigSchema, type PermissionConfig } from '@platform/contracts';

export const LIVECHAT_URL = 'https://chat.example.com/room?site=demo';
export const TELEGRAM_SUPPORT_URL = 'https://t.me/demo_support';
export const VISITOR_IP = '203.0.113.7';

type Overrides = Partial<Omit<PermissionConfig, 'brand'>> & { brand?: Partial<PermissionConfig['brand']> };

/** A configuration as the server sends it; parsed by the contract so a fixture can never drift from it. */
export function makeConfig(overrides: Overrides = {}): PermissionConfig {
  const { brand, ...rest } = overrides;
  return PermissionConfigSchema.parse({
    security: { kid: 'test', alg: 'RSA-OAEP-256+A256GCM', spki: 'AAAA' },
    status: { status: 0, message: null, ip: VISITOR_IP },
    customerService: [
      { csType: 'TELEGRAM', path: obfuscateCsPath(TELEGRAM_SUPPORT_URL, 'Tg7kPq2x') },
      { csType: 'LIVECHAT', path: obfuscateCsPath(LIVECHAT_URL, 'Lc4mNb8z') },
    ],
    domainRoute: [],
    resources: {
      FACEBOOK: [{ labelNameEn: 'Facebook', url: 'https://facebook.com/demo' }],
      TELEGRAM: [{ labelNameEn: 'Telegram', url: 'https://t.me/demo' }],
      YOUTUBE: [{ labelNameEn: 'YouTube', url: 'https://youtube.com/@demo' }],
      iOS: [{ labelNameEn: 'iOS', url: 'https://apps.example.com/ios' }],
      Android: [{ labelNameEn: 'Android', url: 'https://apps.example.com/android.apk' }],
      LITE: [{ labelNameEn: 'Lite', url: 'https://apps.example.com/lite' }],
    },
    whitelabel: [
      { modId: 'PTSYS3', enabled: 1, childrenNodes: [] },
      { modId: 'AGENTPOLICY3', enabled: 0, childrenNodes: [] },
    ],
    register: {
      usernameRegistration: true,
      mobileRegistration: false,
      mobilePasswordRequired: false,
      smsVerification: false,
      fields: [],
    },
    mainDomain: 'demo.example.com',
    analytics: { gtagId: null },
    imageCDNs: [],
    launchGameCDNs: [],
    location: { ip: VISITOR_IP },
    maintenance: { enabled: false, message: null },
    regionRestriction: { restricted: false, ip: VISITOR_IP },
    language: {
      default: 'EN',
      supported: [
        { code: 'EN', locale: 'en-US', label: 'English' },
        { code: 'TY', locale: 'fil-PH', label: 'Filipino' },
      ],
    },
    currency: { code: 'PHP', symbol: '₱', scale: 2 },
    brand: {
      merchantCode: 'DEMO',
      name: 'Demo Casino',
      platform: 'WEB',
      logoUrl: '',
      lotteryType: 'LOTT',
      defaultLanguage: 'EN',
      supportedLanguages: ['EN', 'TY'],
      esportGame: 'TF',
      cockfightGame: 'DS88',
      defaultTheme: 'dark',
      licenseImageUrl: '/license.png',
      footerVendorLogos: [
        { code: 'PG', name: 'PG Soft', imageUrl: '/vendors/PG.svg' },
        { code: 'JL', name: 'JILI', imageUrl: '/vendors/JL.svg' },
      ],
      ...brand,
    },
    menu: [
      { menuId: 'sports', nameKey: 'menu.sports', route: '/sports', placement: 'header' },
      { menuId: 'terms', nameKey: 'menu.terms', route: '/help#term', placement: 'footer-help' },
      { menuId: 'live', nameKey: 'menu.live', route: '/live', placement: 'footer-product' },
    ],
    ...rest,
  });
}
