// Shared with the back office (packages/ui).
export { EmptyState } from '@platform/ui';
