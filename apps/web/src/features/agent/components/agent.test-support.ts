import { API, type DownlinePage, type DownlineRow, type TeamFigures, type TeamOverview } from '@platform/contracts';
import { makeMemberInfo } from '@/testing/fixtures';

/** Shared fixtures of the agent-centre tests. */
export const AGENT = makeMemberInfo({ type: 1, isAgent: true, account: 'demo_agent', nickname: 'Demo Agent' });
export const BALANCE = { balance: '1250000.50', currencySymbol: '$' };

export const figures = (overrides: Partial<TeamFigures> = {}): TeamFigures => ({
  activeMembers: 0,
  newMembers: 0,
  firstDeposits: 0,
  deposits: '0.00',
  withdrawals: '0.00',
  validBet: '0.00',
  profit: '0.00',
  ...overrides,
});

export const overview = (overrides: Partial<TeamOverview> = {}): TeamOverview => ({
  today: '2026-11-26',
  timeZone: 'Asia/Manila',
  teamSize: { direct: 2, total: 5 },
  periods: {
    today: figures({ activeMembers: 3, newMembers: 1, deposits: '1500.00', validBet: '820.00', profit: '-120.50' }),
    yesterday: figures({ activeMembers: 2, validBet: '100.00', profit: '40.00' }),
    thisWeek: figures({ activeMembers: 4, newMembers: 2, firstDeposits: 1, deposits: '2500.00', validBet: '1020.00' }),
    thisMonth: figures({
      activeMembers: 5,
      newMembers: 5,
      firstDeposits: 3,
      deposits: '12500.00',
      validBet: '5020.00',
    }),
  },
  series: Array.from({ length: 30 }, (_, index) => ({
    ...figures({ validBet: `${index * 10}.00`, profit: index % 2 === 0 ? '-5.00' : '7.50' }),
    day: `2026-10-${String(index + 1).padStart(2, '0')}`,
  })),
  selected: {
    period: { period: 'TODAY', from: '2026-11-26', to: '2026-11-26' },
    figures: figures({ activeMembers: 3, newMembers: 1, deposits: '1500.00', validBet: '820.00', profit: '-120.50' }),
  },
  ...overrides,
});

export const downline = (overrides: Partial<DownlineRow> = {}): DownlineRow => ({
  username: 'sub_agent',
  nickname: 'Sub',
  type: 'AGENT',
  level: 1,
  directCount: 2,
  balance: '300.00',
  lastLogin: '2026-11-25T10:00:00.000Z',
  joinedAt: '2026-11-01T10:00:00.000Z',
  status: 'ACTIVE',
  remark: null,
  figures: { deposits: '1000.00', withdrawals: '200.00', validBet: '700.00', profit: '-50.00' },
  ...overrides,
});

export const downlinePage = (list: DownlineRow[], overrides: Partial<DownlinePage> = {}): DownlinePage => ({
  period: { period: 'TODAY', from: '2026-11-26', to: '2026-11-26' },
  breadcrumb: [{ username: 'demo_agent', level: 0 }],
  list,
  totals: {
    count: list.length,
    balance: '1300.00',
    deposits: '1000.00',
    withdrawals: '200.00',
    validBet: '700.00',
    profit: '-50.00',
  },
  pageNo: 1,
  totalPages: 1,
  canLock: true,
  ...overrides,
});

/** The calls every agent-centre page makes besides its own. */
export const frameRoutes = {
  'GET /wps/member/info': () => AGENT,
  [`GET ${API.wallet.balance}`]: () => BALANCE,
};

/** The query a call sent, as an object. */
export const queryOf = (call: unknown[] | undefined): Record<string, string> =>
  Object.fromEntries(new URL(String(call?.[0]), 'http://localhost').searchParams);
