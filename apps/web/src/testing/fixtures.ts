import {
  LoginResponseSchema,
  MemberInfoSchema,
  obfuscateCsPath,
  PermissionConfigSchema,
  type LoginResponse,
  type MemberInfo,
  type PermissionConfig,
} from '@platform/contracts';
import { TEST_PUBLIC_KEY } from './seal-keys';

export const LIVECHAT_URL = 'https://chat.example.com/room?site=demo';
export const TELEGRAM_SUPPORT_URL = 'https://t.me/demo_support';
export const VISITOR_IP = '203.0.113.7';

type Overrides = Partial<Omit<PermissionConfig, 'brand'>> & { brand?: Partial<PermissionConfig['brand']> };

/** A configuration as the server sends it; parsed by the contract so a fixture can never drift from it. */
export function makeConfig(overrides: Overrides = {}): PermissionConfig {
  const { brand, ...rest } = overrides;
  return PermissionConfigSchema.parse({
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
    security: TEST_PUBLIC_KEY,
    ...rest,
  });
}

/** Member info as GET /wps/member/info answers it. */
export function makeMemberInfo(overrides: Partial<MemberInfo> = {}): MemberInfo {
  return MemberInfoSchema.parse({
    id: '1001',
    account: 'demo_member',
    nickname: 'Demo Member',
    type: 0,
    isAgent: false,
    isTrial: false,
    mobileNum: '9171234567',
    countryDialingCode: '+63',
    email: 'demo@example.com',
    hasPaymentPassword: false,
    lastLoginAt: '2026-11-20T10:00:00.000Z',
    language: null,
    ...overrides,
  });
}

/** A login answer (POST /wps/session/login) for `user`. */
export function makeLoginResponse(overrides: Partial<LoginResponse> = {}, user: MemberInfo = makeMemberInfo()) {
  return LoginResponseSchema.parse({
    firstTimeLogin: false,
    passwordExpired: false,
    mustChangePassword: false,
    token: 'fresh-session-token',
    user,
    previousLoginAt: null,
    ...overrides,
  });
}

export const COUNTRY_CODES = [
  { countryCode: 'PH', countryDialingCode: '+63', flagUrl: '/wps/system/country/flag/PH' },
  { countryCode: 'VN', countryDialingCode: '+84', flagUrl: '/wps/system/country/flag/VN' },
];
