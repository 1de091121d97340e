import { USER_TYPE } from '@platform/contracts';
import type { DemoAccount } from './demo-account';

const member = (username: string, nickname: string, parent: string): DemoAccount => ({
  username,
  password: 'Demo#2026',
  userType: USER_TYPE.MEMBER,
  nickname,
  parent,
  affiliateCode: null,
  mobile: null,
  email: null,
  note: `member under ${parent}`,
});

const agent = (username: string, nickname: string, parent: string, code: string): DemoAccount => ({
  username,
  password: 'Agent#2026',
  userType: USER_TYPE.AGENT_2,
  nickname,
  parent,
  affiliateCode: code,
  mobile: null,
  email: null,
  note: `sub-agent (type 2) under ${parent}; invitation code ${code}`,
});

/**
 * demo_agent's team beyond demo_subagent and demo_downline (DESIGN.md §12), four levels deep:
 *
 *   demo_agent ─┬─ demo_team_ana, demo_team_ben, demo_team_cleo
 *               ├─ demo_agent_b ── demo_team_dan, demo_team_eli
 *               └─ demo_subagent ─┬─ demo_downline, demo_team_fay, demo_team_gio
 *                                 └─ demo_agent_c ── demo_team_hana, demo_team_ivan
 *
 * Each member of it deposits and plays when an embedded development start runs the demo activity (db/demo-activity),
 * so the agent centre shows a working team. Same passwords as the other demo accounts: the seed hashes each once.
 */
export const DEMO_TEAM: readonly DemoAccount[] = [
  member('demo_team_ana', 'Ana', 'demo_agent'),
  member('demo_team_ben', 'Ben', 'demo_agent'),
  member('demo_team_cleo', 'Cleo', 'demo_agent'),
  agent('demo_agent_b', 'Demo Agent B', 'demo_agent', 'DEMOSUB2'),
  member('demo_team_dan', 'Dan', 'demo_agent_b'),
  member('demo_team_eli', 'Eli', 'demo_agent_b'),
  member('demo_team_fay', 'Fay', 'demo_subagent'),
  member('demo_team_gio', 'Gio', 'demo_subagent'),
  agent('demo_agent_c', 'Demo Agent C', 'demo_subagent', 'DEMOSUB3'),
  member('demo_team_hana', 'Hana', 'demo_agent_c'),
  member('demo_team_ivan', 'Ivan', 'demo_agent_c'),
];
