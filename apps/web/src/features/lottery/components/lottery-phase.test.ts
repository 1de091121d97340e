import { describe, expect, it } from 'vitest';
import { clockText, phaseOf } from './lottery-lobby';

const issue = {
  issueNo: '202611271011',
  state: 'SCHEDULED',
  commitment: 'c',
  opensAt: '2026-11-27T08:50:00Z',
  closesAt: '2026-11-27T08:50:50Z',
  drawAt: '2026-11-27T08:51:00Z',
  seed: null,
  numbers: null,
};
const at = (iso: string) => Date.parse(iso);

describe('lottery countdown', () => {
  it('should count to the opening while the previous draw is made, then to the close, then show the draw', () => {
    // In the gap after the last window closed, the next issue is shown but takes no bet yet.
    expect(phaseOf(issue, at('2026-11-27T08:49:52.500Z'))).toEqual({ kind: 'opens', seconds: 8 });
    expect(phaseOf(issue, at('2026-11-27T08:50:00Z'))).toEqual({ kind: 'closes', seconds: 50 });
    expect(phaseOf(issue, at('2026-11-27T08:50:49.900Z'))).toEqual({ kind: 'closes', seconds: 0 });
    expect(phaseOf(issue, at('2026-11-27T08:50:50Z'))).toEqual({ kind: 'closed', seconds: 0 });
    expect(phaseOf(null, at('2026-11-27T08:50:00Z')).kind).toBe('closed');
  });

  it('should read minutes and seconds, and hours from an hour on (a daily draw)', () => {
    expect(clockText(0)).toBe('00:00');
    expect(clockText(65)).toBe('01:05');
    expect(clockText(3599)).toBe('59:59');
    expect(clockText(3600)).toBe('1:00:00');
    expect(clockText(20 * 3600 + 61)).toBe('20:01:01');
  });
});
