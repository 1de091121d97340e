export type BadgeTone = 'neutral' | 'success' | 'warning' | 'danger' | 'info';

/** A status as a coloured pill with its text (never colour alone). Map your statuses to tones where you use it. */
export function StatusBadge({ tone, label, testId }: { tone: BadgeTone; label: string; testId?: string }) {
  return (
    <span className={`status-badge status-badge--${tone}`} data-testid={testId} data-tone={tone}>
      {label}
    </span>
  );
}
