import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { applyTheme } from '@/lib/theme';
import { mockApi } from '@/testing/api-mock';
import { renderApp, setViewport } from '@/testing/render-app';

describe('theme toggle', () => {
  beforeEach(() => {
    setViewport(true);
    mockApi({});
    applyTheme('dark');
  });

  it('should switch the page theme from the header and remember it', async () => {
    const { user } = await renderApp('/');
    const toggle = await screen.findByTestId('theme-toggle');
    expect(toggle).toHaveAccessibleName('Switch to light theme');
    await user.click(toggle);
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(window.localStorage.getItem('theme')).toBe('light');
    expect(toggle).toHaveAccessibleName('Switch to dark theme');
  });

  it('should offer the same switch in the side menu', async () => {
    const { user } = await renderApp('/');
    await user.click(await screen.findByTestId('side-menu-theme-toggle'));
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(screen.getByTestId('theme-toggle')).toHaveAccessibleName('Switch to dark theme');
  });
});
