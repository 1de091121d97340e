import { USER_TYPE } from '@platform/contracts';
import type { DemoAccount } from './demo-account';
import { DEMO_TEAM } from './demo-team';

export type { DemoAccount } from './demo-account';

/** Reserved for documentation (RFC 6761), like the demo merchant's links. */
const MAIL = 'luckystar.example';

/**
 * The demo accounts (DESIGN.md §3), printed by main.ts at start. Their passwords are public: they exist on the demo
 * merchant only, which an operator deletes or edits before going live.
 */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    username: 'demo_member',
    password: 'Demo#2026',
    userType: USER_TYPE.MEMBER,
    nickname: 'Demo Member',
    parent: null,
    affiliateCode: null,
    mobile: { countryDialingCode: '+63', mobileNum: '9171234567' },
    email: `demo_member@${MAIL}`,
    note: 'member; SMS login with +63 9171234567',
  },
  {
    username: 'demo_agent',
    password: 'Agent#2026',
    userType: USER_TYPE.AGENT_1,
    nickname: 'Demo Agent',
    parent: null,
    affiliateCode: 'DEMO2026',
    mobile: { countryDialingCode: '+63', mobileNum: '9171234568' },
    email: `demo_agent@${MAIL}`,
    note: 'agent (type 1, log in on /agent); invitation code DEMO2026',
  },
  {
    username: 'demo_subagent',
    password: 'Agent#2026',
    userType: USER_TYPE.AGENT_2,
    nickname: 'Demo Sub-agent',
    parent: 'demo_agent',
    affiliateCode: 'DEMOSUB1',
    mobile: null,
    email: null,
    note: 'sub-agent (type 2) under demo_agent; invitation code DEMOSUB1',
  },
  {
    username: 'demo_downline',
    password: 'Demo#2026',
    userType: USER_TYPE.MEMBER,
    nickname: 'Demo Downline',
    parent: 'demo_subagent',
    affiliateCode: null,
    mobile: null,
    email: null,
    note: 'member under demo_subagent',
  },
  {
    username: 'weak_member',
    password: '123456',
    userType: USER_TYPE.MEMBER,
    nickname: 'Weak Member',
    parent: null,
    affiliateCode: null,
    mobile: null,
    email: null,
    note: 'member with the weak default password: login asks for a change',
  },
  // demo_agent's wider team (seed-data/demo-team.ts): after its uplines.
  ...DEMO_TEAM,
];
