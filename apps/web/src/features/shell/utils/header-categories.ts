import { HEADER_DROPDOWN_ENLARGE_ABOVE, ROUTES, type GameCategory } from '@platform/contracts';

/**
 * Which lobby category a header menu route stands for: hovering or focusing it shows that category's vendors (spec §2
 * header "a game-category dropdown of vendors"). Routes that are not a game category (promotions) get no dropdown.
 */
const ROUTE_CATEGORIES: Readonly<Record<string, GameCategory>> = {
  [ROUTES.live]: 'LIVE',
  [ROUTES.rng]: 'RNG',
  [ROUTES.fish]: 'FISH',
  [ROUTES.pvp]: 'PVP',
  [ROUTES.sports]: 'SPORTS',
  [ROUTES.esports]: 'ESPORTS',
  [ROUTES.lott]: 'LOTT',
  [ROUTES.elott]: 'ELOTT',
};

export const headerCategoryOf = (route: string): GameCategory | null => ROUTE_CATEGORIES[route] ?? null;

/** Spec §2, §9: the dropdown is enlarged (wider, more columns) when a category has more than 10 vendors. */
export const isDropdownEnlarged = (vendorCount: number): boolean => vendorCount > HEADER_DROPDOWN_ENLARGE_ABOVE;

/** A vendor's entry in the dropdown opens the category's lobby page narrowed to it (`?vassalage=`). */
export const vendorLobbyPath = (route: string, vassalage: string): string =>
  `${route}?${new URLSearchParams({ vassalage }).toString()}`;

/** The vendor links inside the open panel, in order (the keyboard moves between them). */
export const VENDOR_LINK_SELECTOR = '[data-vendor-link]';

/** The open dropdown: which header entry, its category and route, its label, and the link it hangs from. */
export type OpenDropdown = {
  menuId: string;
  category: GameCategory;
  route: string;
  label: string;
  anchor: HTMLElement;
};
