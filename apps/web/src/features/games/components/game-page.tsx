import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { PageFrame } from '@/components/page-frame';

/**
 * The frame of a game page (home lobby, game centres, game lists, favourites and recent games). Game
 * lists arrive with the catalogue; until then the page says there are no games rather than inventing any.
 */
export function GamePage({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <PageFrame title={title}>
      <EmptyState title={t('games.empty')}>
        <p className="muted">{t('games.emptyHint')}</p>
      </EmptyState>
    </PageFrame>
  );
}
