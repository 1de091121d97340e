import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { MemberStatus } from '@platform/contracts';
import { StatusBadge, type BadgeTone } from '@/components/status-badge';
import { currentLocale } from '@/lib/i18n';

const STATUS_TONES: Record<MemberStatus, BadgeTone> = { ACTIVE: 'success', LOCKED: 'warning', CLOSED: 'danger' };

/** ACTIVE / LOCKED / CLOSED as a badge with its translated label. */
export function MemberStatusBadge({ status, testId }: { status: MemberStatus; testId?: string }) {
  const { t } = useTranslation();
  return <StatusBadge tone={STATUS_TONES[status]} label={t(`members.status.${status}`)} testId={testId} />;
}

/** The spec's user types (0 member, 4 trial, 1, 2, 41, 42 agents) in words. */
export const userTypeLabel = (t: TFunction, userType: number): string =>
  t(`members.types.${userType}`, { defaultValue: String(userType) });

/** An instant in the staff member's language, or a dash. */
export const formatTime = (iso: string | null): string =>
  iso === null ? '—' : new Date(iso).toLocaleString(currentLocale(), { dateStyle: 'medium', timeStyle: 'short' });

export const mobileText = (code: string | null, number: string | null): string =>
  number === null ? '—' : `${code ?? ''} ${number}`.trim();
