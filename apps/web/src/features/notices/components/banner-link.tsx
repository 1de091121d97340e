import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Banner } from '@platform/contracts';
import { ExternalLink } from '@/components/external-link';
import { bannerTarget } from '../utils/banner-link';

/**
 * A banner with a url is a link (spec §3): inside the app through the router, elsewhere in a new tab without an
 * opener; without a url it is only its image. `hidden`: a copy that is on screen but not the current one (the side
 * slides of the carousel) stays clickable but out of the tab order and the accessibility tree.
 */
export function BannerLink({
  banner,
  className,
  hidden = false,
  children,
}: {
  banner: Banner;
  className: string;
  hidden?: boolean;
  children: ReactNode;
}) {
  const target = bannerTarget(banner.url);
  const a11y = hidden ? { 'aria-hidden': true, tabIndex: -1 } : {};
  if (target.kind === 'internal') {
    return (
      <Link to={target.to} className={className} data-testid="banner-link" {...a11y}>
        {children}
      </Link>
    );
  }
  if (target.kind === 'external') {
    if (hidden) {
      return (
        <a href={target.href} className={className} target="_blank" rel="noopener noreferrer" {...a11y}>
          {children}
        </a>
      );
    }
    return (
      <ExternalLink href={target.href} className={className}>
        {children}
      </ExternalLink>
    );
  }
  return (
    <div className={className} {...(hidden ? { 'aria-hidden': true } : {})}>
      {children}
    </div>
  );
}

/** The banner picture. Banner artwork is served by the platform itself (no external images). */
export function BannerImage({
  banner,
  priority = false,
  lazy = false,
  onSettled,
}: {
  banner: Banner;
  /** The first banner of the home page: likely the largest paint, fetched before anything else. */
  priority?: boolean;
  lazy?: boolean;
  /** Loaded or failed: what waits for the picture may go on. */
  onSettled?: () => void;
}) {
  return (
    <img
      className="banner-image"
      src={banner.imageUrl}
      alt={banner.title}
      decoding="async"
      {...(priority ? { fetchPriority: 'high' as const } : {})}
      {...(lazy ? { loading: 'lazy' as const } : {})}
      {...(onSettled ? { onLoad: onSettled, onError: onSettled } : {})}
    />
  );
}
