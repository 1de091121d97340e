/**
 * What the player app (apps/web) and the back office (apps/ops) share: the design tokens and base styles (CSS, imported
 * as `@platform/ui/tokens.css`, `base.css`, `controls.css`) and the few components both use. Components here take
 * their texts as props (no i18n of their own), so each app keeps its own locale files.
 */
export { EmptyState } from './empty-state';
