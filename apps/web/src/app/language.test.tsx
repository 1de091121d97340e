import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { callsTo, mockApi } from '@/testing/api-mock';
import { makeConfig } from '@/testing/fixtures';
import { renderApp, setViewport } from '@/testing/render-app';

describe('language (spec §1, §4)', () => {
  beforeEach(() => setViewport(true));

  it('should offer the configured languages, by code', async () => {
    mockApi({});
    await renderApp('/');
    const select = await screen.findByTestId('language-select');
    expect([...select.querySelectorAll('option')].map((option) => option.value)).toEqual(['EN', 'TY']);
    expect(select).toHaveValue('EN');
  });

  it('should switch to Filipino without a reload: texts, <html lang>, both storage keys, and the server', async () => {
    const fetchMock = mockApi({ 'PUT /wps/system/language': () => null });
    const { user } = await renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Game lobby' });

    await user.selectOptions(screen.getByTestId('language-select'), 'TY');

    expect(await screen.findByRole('heading', { level: 1, name: 'Lobby ng mga laro' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Mag-log in' })).toBeVisible();
    expect(document.documentElement.lang).toBe('fil-PH');
    expect(window.localStorage.getItem('lang')).toBe('TY');
    expect(window.localStorage.getItem('hisLang')).toBe('TY');
    const [[, init] = []] = callsTo(fetchMock, 'PUT', '/wps/system/language');
    expect(JSON.parse(String(init?.body))).toEqual({ lang: 'TY' });
  });

  it('should keep working when the server does not accept the language change', async () => {
    mockApi({
      'PUT /wps/system/language': () => {
        throw new Error('down');
      },
    });
    const { user } = await renderApp('/');
    await user.selectOptions(await screen.findByTestId('language-select'), 'TY');
    expect(await screen.findByRole('heading', { level: 1, name: 'Lobby ng mga laro' })).toBeVisible();
  });

  it('should start in the stored language when it is supported', async () => {
    mockApi({});
    window.localStorage.setItem('lang', 'TY');
    await renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Lobby ng mga laro' })).toBeVisible();
    expect(document.documentElement.lang).toBe('fil-PH');
  });

  it('should replace an unsupported stored language by the configured default', async () => {
    mockApi({});
    window.localStorage.setItem('lang', 'KO');
    window.localStorage.setItem('hisLang', 'KO');
    await renderApp('/', makeConfig({ language: { default: 'TY', supported: makeConfig().language.supported } }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Lobby ng mga laro' })).toBeVisible();
    await waitFor(() => expect(window.localStorage.getItem('lang')).toBe('TY'));
    expect(window.localStorage.getItem('hisLang')).toBe('TY');
  });

  it('should show a configured language without a pack of ours in English, silently', async () => {
    mockApi({});
    const supported = [...makeConfig().language.supported, { code: 'KO', locale: 'ko-KR', label: '한국어' }];
    window.localStorage.setItem('lang', 'KO');
    await renderApp('/', makeConfig({ language: { default: 'EN', supported } }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Game lobby' })).toBeVisible();
    expect(document.documentElement.lang).toBe('ko-KR');
    expect(screen.getByRole('option', { name: 'Korean' })).toHaveValue('KO');
  });
});
