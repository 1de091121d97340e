import { useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';

const titleKeyOf = (handle: unknown): string | null =>
  typeof handle === 'object' && handle !== null && 'titleKey' in handle && typeof handle.titleKey === 'string'
    ? handle.titleKey
    : null;

/** The translated title of the current route, from the route table (config/paths.ts). */
export function useRouteTitle(): string {
  const { t } = useTranslation();
  const key = useMatches()
    .map((match) => titleKeyOf(match.handle))
    .filter((value) => value !== null)
    .at(-1);
  return key ? t(key) : '';
}
