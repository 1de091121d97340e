import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fullPackReady, initI18n } from '@/lib/i18n/i18n';
import { makeConfig } from '@/testing/fixtures';
import { makeGame, makeVendor } from '../testing/game-fixtures';
import { GameCard } from './game-card';
import { VendorTile } from './vendor-tile';

const noop = () => undefined;

describe('game card', () => {
  beforeAll(async () => {
    await initI18n(makeConfig().language);
    // Pages wait for the whole pack (router.tsx); so do components rendered on their own here.
    await fullPackReady();
  });

  it('should show the hot badge only on a hot game', () => {
    const { rerender } = render(
      <GameCard game={makeGame({ isHot: 1 })} onStart={noop} isFavourite={false} onToggleFavourite={noop} />,
    );
    expect(screen.getByTestId('game-card-hot')).toHaveTextContent('Hot');
    rerender(<GameCard game={makeGame({ isHot: 0 })} onStart={noop} isFavourite={false} onToggleFavourite={noop} />);
    expect(screen.queryByTestId('game-card-hot')).toBeNull();
  });

  it('should fall back to the default icon when the image fails to load', () => {
    render(<GameCard game={makeGame()} onStart={noop} isFavourite={false} onToggleFavourite={noop} />);
    const image = screen.getByTestId('game-card-image');
    expect(image).toHaveAttribute('src', '/wps/game/art/game/101.svg');
    expect(screen.queryByTestId('game-fallback-icon')).toBeNull();
    fireEvent.error(image);
    expect(screen.queryByTestId('game-card-image')).toBeNull();
    expect(screen.getByTestId('game-fallback-icon')).toBeInTheDocument();
  });

  it('should offer a free trial only when the game supports one (supportPlay 0)', async () => {
    const user = userEvent.setup();
    const onTrial = vi.fn();
    const onStart = vi.fn();
    const free = makeGame({ nodeId: '7', displayName: 'Free Spin', supportPlay: 0 });
    const { rerender } = render(
      <GameCard game={free} onStart={onStart} onTrial={onTrial} isFavourite={false} onToggleFavourite={noop} />,
    );
    await user.click(screen.getByRole('button', { name: 'Free trial of Free Spin' }));
    expect(onTrial).toHaveBeenCalledWith(free);
    expect(onStart).not.toHaveBeenCalled();
    rerender(
      <GameCard
        game={{ ...free, supportPlay: 1 }}
        onStart={onStart}
        onTrial={onTrial}
        isFavourite={false}
        onToggleFavourite={noop}
      />,
    );
    expect(screen.queryByTestId('game-card-trial')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Play Free Spin' }));
    expect(onStart).toHaveBeenCalledWith({ ...free, supportPlay: 1 });
  });

  it('should show the name and a favourite toggle that says whether it is pressed', async () => {
    const user = userEvent.setup();
    const onToggle = vi.fn();
    const game = makeGame({ displayName: 'Café Fortuna', gameName: 'Cafe Fortuna' });
    const { rerender } = render(
      <GameCard game={game} onStart={noop} isFavourite={false} onToggleFavourite={onToggle} />,
    );
    expect(screen.getByTestId('game-card')).toHaveAttribute('data-node-id', '101');
    expect(screen.getByText('Café Fortuna')).toBeInTheDocument();
    const heart = screen.getByRole('button', { name: 'Favourite: Café Fortuna' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await user.click(heart);
    expect(onToggle).toHaveBeenCalledWith(game);
    rerender(<GameCard game={game} onStart={noop} isFavourite onToggleFavourite={onToggle} />);
    expect(screen.getByRole('button', { name: 'Favourite: Café Fortuna' })).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('vendor tile', () => {
  beforeAll(async () => {
    await initI18n(makeConfig().language);
    // Pages wait for the whole pack (router.tsx); so do components rendered on their own here.
    await fullPackReady();
  });

  it('should launch the vendor from the tile and from its play-now button', async () => {
    const user = userEvent.setup();
    const onLaunch = vi.fn();
    const card = makeVendor({ vassalage: 'SBO', displayName: 'SBO Sports', gameType: 'SPORTS' });
    render(<VendorTile card={card} onLaunch={onLaunch} />);
    await user.click(screen.getByRole('button', { name: 'Open SBO Sports' }));
    await user.click(screen.getByRole('button', { name: 'Play SBO Sports now' }));
    expect(onLaunch).toHaveBeenCalledTimes(2);
    expect(onLaunch).toHaveBeenCalledWith(card);
  });

  it('should have no play-now button for an RNG vendor', () => {
    render(<VendorTile card={makeVendor({ vassalage: 'PG', gameType: 'RNG' })} onLaunch={noop} />);
    expect(screen.getByTestId('vendor-tile-open')).toBeInTheDocument();
    expect(screen.queryByTestId('vendor-tile-play')).toBeNull();
  });
});
