/**
 * What the player app (apps/web) and the back office (apps/ops) share: the design tokens and styles (CSS, imported
 * as `@platform/ui/tokens.css`, `base.css`, `controls.css`, `table.css`, `forms.css`, `list.css`), the API client
 * and its one error type, and the components both use. Components here take their texts and icons as props (no i18n
 * of their own), so each app keeps its own locale files and look; each app binds them once in its `components/`.
 */
export { EmptyState } from './empty-state';
export { Dialog, type DialogParts, type DialogProps } from './dialog';
export {
  CheckboxField,
  FormError,
  PasswordField,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
  type PasswordToggleParts,
  type SubmitButtonProps,
} from './form-fields';
export { clearToasts, dismissToast, showToast, TOAST_DURATION_MS, useToasts, type Toast } from './toast';
export { Toaster } from './toaster';
export { ApiError, invalidResponse, isApiError, networkFailure } from './api/api-error';
export {
  apiPath,
  createApiClient,
  routeOf,
  withQuery,
  type ApiClientOptions,
  type Query,
  type RequestOptions,
  type RouteInput,
} from './api/api-client';
export { Pager, TableHead, type PagerProps } from './table-parts';
export { TierTable, tierLabels, type TierLabels, type TierTableProps, type TierView } from './tier-table';
export { Button, Form } from './actions';
export { applyTheme, currentTheme, isTheme, useTheme, type Theme } from './theme';
