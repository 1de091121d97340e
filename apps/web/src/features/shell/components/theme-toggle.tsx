import { useTranslation } from 'react-i18next';
import { MoonIcon, SunIcon } from '@/components/icons';
import { chooseTheme, useTheme } from '@/lib/theme';

/** Switches dark/light; the icon shows the theme you will get, the name says it in words. */
export function ThemeToggle({ testId, withText = false }: { testId: string; withText?: boolean }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  const label = next === 'light' ? t('theme.toLight') : t('theme.toDark');
  return (
    <button
      type="button"
      className={withText ? 'side-menu__link' : 'icon-button'}
      data-testid={testId}
      aria-label={withText ? undefined : label}
      onClick={() => chooseTheme(next)}
    >
      {next === 'light' ? <SunIcon /> : <MoonIcon />}
      {withText && <span>{label}</span>}
    </button>
  );
}
