import { describe, expect, it } from 'vitest';
import { callsTo, mockApi } from '@/testing/api-mock';
import { getNotices, prefetchHomeBanners, takePrefetchedBanners } from './notices-api';

const BANNER = { id: '1', groupName: 'w_home', imageUrl: '/banners/home.svg', url: null, title: 'Welcome' };

describe('home banners fetched at start-up', () => {
  it('should ask in the merchant default, preload the first picture, and hand the answer over once', async () => {
    const fetchMock = mockApi({ 'GET /wps/content/banners': () => ({ list: [BANNER] }) });
    window.localStorage.setItem('lang', 'XX');
    prefetchHomeBanners();
    const [[input]] = callsTo(fetchMock, 'GET', '/wps/content/banners') as [[string]];
    // No language: a stored one may be unsupported (a 400); the server answers in the merchant default.
    expect(new URL(input, 'http://localhost').searchParams.has('language')).toBe(false);
    expect(await takePrefetchedBanners('EN', 'EN')).toEqual([BANNER]);
    const preload = document.head.querySelector('link[rel="preload"][as="image"]');
    expect(preload).toHaveAttribute('href', '/banners/home.svg');
    expect(preload).toHaveAttribute('fetchpriority', 'high');
    preload?.remove();
    expect(takePrefetchedBanners('EN', 'EN')).toBeNull();
  });

  it('should not hand the answer over to a page in another language', () => {
    mockApi({ 'GET /wps/content/banners': () => ({ list: [BANNER] }) });
    prefetchHomeBanners();
    expect(takePrefetchedBanners('TY', 'EN')).toBeNull();
  });
});

describe('notices call', () => {
  it('should refuse an answer that is not notice groups', async () => {
    mockApi({ 'GET /wps/notices': () => ({ banners: [], player: [{ id: 1 }], popup: [], promotion: [] }) });
    await expect(getNotices('B', 'EN')).rejects.toThrow('invalid response');
  });

  it('should send every type, platform W, the audience and the language', async () => {
    const empty = { banners: [], player: [], popup: [], promotion: [] };
    const fetchMock = mockApi({ 'GET /wps/notices': () => empty });
    expect(await getNotices('A', 'TY')).toEqual(empty);
    const [[input]] = callsTo(fetchMock, 'GET', '/wps/notices') as [[string]];
    expect(Object.fromEntries(new URL(input, 'http://localhost').searchParams)).toEqual({
      types: 'B,PL,PU,PR,H',
      platform: 'W',
      execution: 'A',
      language: 'TY',
    });
  });
});
