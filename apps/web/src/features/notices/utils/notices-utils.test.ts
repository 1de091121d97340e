import { describe, expect, it } from 'vitest';
import type { Notice, NoticeGroups } from '@platform/contracts';
import { bannerTarget } from './banner-link';
import { noticeLists, pageCount, pageItems, pageOf, snippetOf } from './notice-lists';
import { dismissPopup, isPopupDismissed, popupStorageKey } from './popup-storage';
import { rewardCentrePath } from './reward-centre';
import { markSeen, readSeenIds, SEEN_NOTICES_KEY, SEEN_NOTICES_MAX, unreadCount } from './seen-notices';

const notice = (id: string, type: Notice['type'], publishedAt = '2026-05-01T00:00:00Z'): Notice => ({
  id,
  type,
  title: `Notice ${id}`,
  content: `Text of ${id}`,
  promotionType: type === 'PR' ? 'DEPOSIT_BONUS' : null,
  execution: 'B',
  publishedAt,
});

const groups = (partial: Partial<NoticeGroups>): NoticeGroups => ({
  banners: [],
  player: [],
  popup: [],
  promotion: [],
  ...partial,
});

describe('popup storage (spec §2: once per session per audience, USER or ANONYMOUS)', () => {
  it('should use USER for a logged-in audience and ANONYMOUS for a guest', () => {
    expect(popupStorageKey(true)).toBe('USER');
    expect(popupStorageKey(false)).toBe('ANONYMOUS');
  });

  it('should remember a closed popup per audience in session storage only', () => {
    expect(isPopupDismissed('ANONYMOUS')).toBe(false);
    dismissPopup('ANONYMOUS');
    expect(isPopupDismissed('ANONYMOUS')).toBe(true);
    expect(window.sessionStorage.getItem('ANONYMOUS')).not.toBeNull();
    expect(window.localStorage.getItem('ANONYMOUS')).toBeNull();
    // Closing the guest popup says nothing about the member popup.
    expect(isPopupDismissed('USER')).toBe(false);
  });
});

describe('seen notices (the bell count)', () => {
  it('should count the notices not seen yet, and none once they are marked', () => {
    expect(unreadCount(['1', '2', '3'], readSeenIds())).toBe(3);
    markSeen(['1', '2']);
    expect(unreadCount(['1', '2', '3'], readSeenIds())).toBe(1);
    markSeen(['3']);
    expect(unreadCount(['1', '2', '3'], readSeenIds())).toBe(0);
  });

  it('should cap what it keeps, keeping the newest marks', () => {
    markSeen(Array.from({ length: SEEN_NOTICES_MAX }, (_, index) => `old-${index}`));
    markSeen(['fresh']);
    const seen = readSeenIds();
    expect(seen.size).toBe(SEEN_NOTICES_MAX);
    expect(seen.has('fresh')).toBe(true);
    expect(seen.has(`old-${SEEN_NOTICES_MAX - 1}`)).toBe(false);
  });

  it('should treat a damaged entry as nothing seen', () => {
    window.localStorage.setItem(SEEN_NOTICES_KEY, '{not json');
    expect(readSeenIds().size).toBe(0);
  });
});

describe('banner targets (link vs plain image)', () => {
  const origin = 'https://casino.example';

  it('should route a path of this site inside the app', () => {
    expect(bannerTarget('/promotions', origin)).toEqual({ kind: 'internal', to: '/promotions' });
    expect(bannerTarget('https://casino.example/live?x=1', origin)).toEqual({ kind: 'internal', to: '/live?x=1' });
  });

  it('should open another site in a new tab', () => {
    expect(bannerTarget('https://partner.example/offer', origin)).toEqual({
      kind: 'external',
      href: 'https://partner.example/offer',
    });
  });

  it('should not link without a url, or with an unsafe one', () => {
    expect(bannerTarget(null, origin)).toEqual({ kind: 'none' });
    expect(bannerTarget('  ', origin)).toEqual({ kind: 'none' });
    expect(bannerTarget('javascript:alert(1)', origin)).toEqual({ kind: 'none' });
    expect(bannerTarget('//evil.example/x', origin)).toEqual({ kind: 'none' });
  });
});

describe('notice lists', () => {
  it('should put only PL notices in the marquee, PU and PR in the popup (newest first), and everything under the bell', () => {
    const lists = noticeLists(
      groups({
        banners: [notice('b1', 'B')],
        player: [notice('pl1', 'PL'), notice('h1', 'H')],
        popup: [notice('pu1', 'PU', '2026-05-01T00:00:00Z')],
        promotion: [notice('pr1', 'PR', '2026-05-02T00:00:00Z')],
      }),
    );
    expect(lists.marquee.map((n) => n.id)).toEqual(['pl1']);
    expect(lists.popup.map((n) => n.id)).toEqual(['pr1', 'pu1']);
    expect(lists.all.map((n) => n.id).sort()).toEqual(['b1', 'h1', 'pl1', 'pr1', 'pu1']);
  });

  it('should page by 9 (ANNOUNCEMENTS_PER_PAGE) and find the page of a notice', () => {
    const list = Array.from({ length: 20 }, (_, index) => notice(String(index + 1), 'PU'));
    expect(pageCount(list.length)).toBe(3);
    expect(pageCount(0)).toBe(1);
    expect(pageItems(list, 1)).toHaveLength(9);
    expect(pageItems(list, 3).map((n) => n.id)).toEqual(['19', '20']);
    expect(pageOf(list, '10')).toBe(2);
    expect(pageOf(list, 'missing')).toBe(1);
  });

  it('should make a one-line snippet of long text', () => {
    expect(snippetOf('Line one\n\nline   two')).toBe('Line one line two');
    const long = snippetOf('x'.repeat(500));
    expect(long.length).toBeLessThanOrEqual(140);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe('reward centre target of a promotion', () => {
  it('should open the member centre on rewardCenter, naming the promotion', () => {
    expect(rewardCentrePath({ promotionType: 'DEPOSIT_BONUS' })).toBe(
      '/member?page=rewardCenter&promotionType=DEPOSIT_BONUS',
    );
    expect(rewardCentrePath({ promotionType: null })).toBe('/member?page=rewardCenter');
  });
});
