import type { OpsBanner, OpsHelpSection, OpsNotice } from '@platform/contracts';

// What the content pages' tests share (content-pages.test.tsx, content-notices-help.test.tsx): fixtures and helpers.
export const SITE = {
  language: {
    default: 'EN',
    supported: [
      { code: 'EN', locale: 'en-US', label: 'English' },
      { code: 'TY', locale: 'fil-PH', label: 'Filipino' },
    ],
  },
};

export const banner = (overrides: Partial<OpsBanner> = {}): OpsBanner => ({
  id: '7',
  groupName: 'w_home',
  language: null,
  title: 'Welcome bonus',
  imageUrl: '/banners/home-welcome.svg',
  url: '/promotions',
  sort: 1,
  startsAt: null,
  endsAt: null,
  enabled: true,
  ...overrides,
});

export const notice = (overrides: Partial<OpsNotice> = {}): OpsNotice => ({
  id: '21',
  type: 'PU',
  execution: 'B',
  audience: 'PLAYERS',
  language: 'EN',
  title: 'Weekend cashback',
  content: 'Ten percent back.',
  promotionType: null,
  sort: 0,
  startsAt: '2026-01-01T00:00:00.000Z',
  endsAt: null,
  enabled: true,
  ...overrides,
});

export const section = (overrides: Partial<OpsHelpSection> = {}): OpsHelpSection => ({
  lang: 'EN',
  anchor: 'about',
  title: 'About us',
  html: '<p>Hello</p>',
  sort: 0,
  ...overrides,
});

export const page = <T>(list: T[]) => ({ list, pageNo: 1, totalPages: 1, total: list.length });
export const fieldErrorOf = (input: HTMLElement) => {
  const id = input
    .getAttribute('aria-describedby')
    ?.split(' ')
    .find((part) => part.endsWith('-error'));
  return id ? document.getElementById(id)?.textContent : undefined;
};
