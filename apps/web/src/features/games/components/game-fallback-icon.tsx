/**
 * The default game artwork (spec §2: "a failed icon load falls back to a default icon"). Drawn inline, so it needs
 * no request and cannot fail itself; it inherits `currentColor` so both themes work.
 */
export function GameFallbackIcon({ className }: { className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 96 96"
      width="96"
      height="96"
      aria-hidden="true"
      focusable="false"
      data-testid="game-fallback-icon"
    >
      <rect x="10" y="26" width="76" height="44" rx="22" fill="none" stroke="currentColor" strokeWidth="5" />
      <path d="M30 38v20M20 48h20" stroke="currentColor" strokeWidth="5" strokeLinecap="round" />
      <circle cx="62" cy="42" r="4.5" fill="currentColor" />
      <circle cx="72" cy="52" r="4.5" fill="currentColor" />
    </svg>
  );
}
