import {
  REGISTER_PATTERN_IDS as P,
  REGISTER_PATTERNS,
  RESOURCE_KINDS,
  WHITELABEL_MODULES as W,
  type RegisterPatternId,
} from '@platform/contracts';
import { COUNTRIES } from './countries';
import { helpSectionsEn } from './help-en';
import { helpSectionsFil } from './help-fil';
import type { MerchantTemplate } from './merchant-template';

const BRAND = 'Lucky Star';
/** Reserved for documentation (RFC 6761): these links look real but reach nobody. */
const SITE = 'luckystar.example';

/**
 * The whitelabel tree of the demo (spec §3): mobile sub-options under mobile registration, forgot-by-mobile
 * under SMS login (both need SMS), referral under the agent policy. Password expiry is the one module off.
 */
const WHITELABEL: MerchantTemplate['whitelabel'] = [
  { modId: W.USERNAME_REGISTRATION, parentModId: null, enabled: true },
  { modId: W.MOBILE_REGISTRATION, parentModId: null, enabled: true },
  { modId: W.MOBILE_PASSWORD_REGISTRATION, parentModId: W.MOBILE_REGISTRATION, enabled: true },
  { modId: W.REGISTRATION_SMS_VERIFICATION, parentModId: W.MOBILE_REGISTRATION, enabled: true },
  { modId: W.FREE_PLAY, parentModId: null, enabled: true },
  { modId: W.PASSWORD_EXPIRY, parentModId: null, enabled: false },
  { modId: W.SMS_LOGIN, parentModId: null, enabled: true },
  { modId: W.FORGOT_BY_MOBILE, parentModId: W.SMS_LOGIN, enabled: true },
  { modId: W.AGENT_POLICY, parentModId: null, enabled: true },
  { modId: W.REFERRAL, parentModId: W.AGENT_POLICY, enabled: true },
  { modId: W.POINTS_SYSTEM, parentModId: null, enabled: true },
  { modId: W.MANUAL_REBATE, parentModId: null, enabled: true },
  { modId: W.CAPTCHA_TEXT_ALTERNATIVE, parentModId: null, enabled: true },
];

type Field = MerchantTemplate['registerFields'][number];
/** A field checked by the canonical pattern of its message family (REGISTER_PATTERNS), or by lengths only (null). */
const field = (
  name: string,
  enabled: boolean,
  required: boolean,
  patternId: RegisterPatternId | null,
  minLength: number,
  maxLength: number,
): Field => ({
  field: name,
  enabled,
  required,
  acceptedPattern: patternId === null ? null : REGISTER_PATTERNS[patternId],
  patternId,
  minLength,
  maxLength,
});

/**
 * Registration rules (spec §3, §5). The password always gets the canonical PASSWORD rule with these lengths;
 * verificationCode is required on the mobile tab and while REGMOBVERF3 is on, whatever its row says; the captcha is
 * required because its row says so.
 */
const REGISTER_FIELDS: Field[] = [
  field('username', true, true, P.LETTER_THEN_ALNUM, 6, 16),
  field('password', true, true, P.PASSWORD, 8, 20),
  field('confirmPassword', true, true, null, 8, 20),
  field('mobileNum', true, false, P.DIGITS_ONLY, 7, 15),
  field('email', true, false, P.EMAIL, 5, 100),
  field('payeeName', true, false, P.FULL_NAME, 3, 50),
  field('paymentPassword', false, false, P.DIGITS_ONLY, 6, 6),
  field('qqNum', false, false, P.DIGITS_ONLY, 5, 12),
  field('line', false, false, P.LENGTH_ONLY, 1, 50),
  field('whatsapp', true, false, P.DIGITS_ONLY, 7, 15),
  field('facebook', false, false, P.LENGTH_ONLY, 1, 100),
  field('wechat', false, false, P.NO_SPACES, 1, 50),
  field('idNumber', false, false, P.ALNUM, 6, 30),
  field('affiliateCode', true, false, P.ALNUM, 4, 20),
  field('captcha', true, true, P.ALNUM, 4, 6),
  field('verificationCode', true, true, P.DIGITS_ONLY, 4, 255),
];

const RESOURCE_LABELS: Record<(typeof RESOURCE_KINDS)[number], [label: string, url: string]> = {
  FACEBOOK: ['Facebook', `https://facebook.${SITE}/luckystar`],
  TELEGRAM: ['Telegram', `https://telegram.${SITE}/luckystar`],
  WHATSAPP: ['WhatsApp', `https://whatsapp.${SITE}/luckystar`],
  YOUTUBE: ['YouTube', `https://youtube.${SITE}/@luckystar`],
  INSTAGRAM: ['Instagram', `https://instagram.${SITE}/luckystar`],
  TIKTOK: ['TikTok', `https://tiktok.${SITE}/@luckystar`],
  VIBER: ['Viber', `https://viber.${SITE}/luckystar`],
  LIVECHAT: ['Live chat', `https://livechat.${SITE}/chat?site=demo`],
  Android: ['Android app', `https://download.${SITE}/luckystar.apk`],
  iOS: ['iOS app', `https://download.${SITE}/ios`],
  LITE: ['Lite app', `https://download.${SITE}/luckystar-lite.apk`],
  LICENSE: ['Gaming licence', `https://www.${SITE}/licence`],
};

const PRODUCT_ROUTES: [id: string, route: string][] = [
  ['live', '/live'],
  ['slots', '/rng'],
  ['fish', '/fish'],
  ['pvp', '/pvp'],
  ['sports', '/sports'],
  ['esports', '/esports'],
  ['lottery', '/lott'],
  ['promotions', '/promotions'],
];
/** Label keys are the web packs' `menu.*` keys. */
const HELP_LINKS: [id: string, anchor: string][] = [
  ['about', 'about'],
  ['terms', 'term'],
  ['privacy', 'privacy'],
  ['responsibleGaming', 'responsible'],
];

const MENU: MerchantTemplate['menu'] = [
  ...PRODUCT_ROUTES.map(([id, route]) => ({
    menuId: `header-${id}`,
    nameKey: `menu.${id}`,
    route,
    placement: 'header' as const,
  })),
  ...PRODUCT_ROUTES.map(([id, route]) => ({
    menuId: `footer-${id}`,
    nameKey: `menu.${id}`,
    route,
    placement: 'footer-product' as const,
  })),
  ...HELP_LINKS.map(([id, anchor]) => ({
    menuId: `help-${id}`,
    nameKey: `menu.${id}`,
    route: `/help#${anchor}`,
    placement: 'footer-help' as const,
  })),
];

const FOOTER_VENDORS: [code: string, name: string][] = [
  ['PG', 'PG Soft'],
  ['EG2', 'EG Gaming'],
  ['PT', 'Playtech'],
  ['JDB', 'JDB Gaming'],
  ['CQ9', 'CQ9 Gaming'],
  ['FC', 'Fa Chai'],
  ['JL', 'JILI'],
  ['BGS', 'BGS'],
];

/** The demo merchant (DESIGN.md §3): seeded at first boot, and a template for tests' extra merchants. */
export const demoMerchantTemplate = (): MerchantTemplate => ({
  code: 'demo',
  name: BRAND,
  hosts: ['localhost', '127.0.0.1'],
  maintenance: { enabled: false, message: null },
  defaultLanguage: 'EN',
  languages: [
    { code: 'EN', locale: 'en-US', label: 'English' },
    { code: 'TY', locale: 'fil-PH', label: 'Filipino' },
  ],
  currency: { code: 'USD', symbol: '$', scale: 2 },
  defaultTheme: 'dark',
  // Served by the web app from its public directory.
  logoUrl: '/brand/logo.svg',
  licenseImageUrl: '/brand/license.svg',
  gtagId: null,
  mainDomain: `www.${SITE}`,
  lotteryType: 'LOTT',
  esportGame: 'TF',
  cockfightGame: 'DS88',
  whitelabel: WHITELABEL,
  registerFields: REGISTER_FIELDS,
  customerService: [
    { csType: 'LIVECHAT', path: `https://livechat.${SITE}/chat?site=demo` },
    { csType: 'TELEGRAM', path: `https://telegram.${SITE}/luckystar_support` },
    { csType: 'FACEBOOK', path: `https://facebook.${SITE}/messages/luckystar` },
  ],
  resources: RESOURCE_KINDS.map((kind) => ({
    kind,
    labelNameEn: RESOURCE_LABELS[kind][0],
    url: RESOURCE_LABELS[kind][1],
  })),
  domainRoutes: [
    { type: 'MAIN', url: `https://www.${SITE}` },
    { type: 'MAIN', url: `https://www2.${SITE}` },
    { type: 'AGENT', url: `https://agent.${SITE}` },
    { type: 'APP', url: `https://app.${SITE}` },
  ],
  cdns: [
    { kind: 'IMAGE', url: `https://img1.${SITE}` },
    { kind: 'IMAGE', url: `https://img2.${SITE}` },
    { kind: 'LAUNCH', url: `https://play1.${SITE}` },
    { kind: 'LAUNCH', url: `https://play2.${SITE}` },
  ],
  regionRules: [],
  menu: MENU,
  footerVendors: FOOTER_VENDORS.map(([code, name]) => ({ code, name, imageUrl: `/vendors/${code}.svg` })),
  countries: COUNTRIES.map((country) => country.code),
  helpSections: [
    ...helpSectionsEn(BRAND).map((section) => ({ ...section, lang: 'EN' })),
    ...helpSectionsFil(BRAND).map((section) => ({ ...section, lang: 'TY' })),
  ],
});
