/** Our default login artwork (A-LOG-04) when the corp has no login image: a headset over a call wave. */
export function DefaultArtwork({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 240 180" className={className} role="img" aria-label="Callboard">
      <defs>
        <linearGradient id="art-bg" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="var(--menu-icon)" stopOpacity="0.28" />
          <stop offset="1" stopColor="var(--menu-bg)" stopOpacity="0.18" />
        </linearGradient>
      </defs>
      <rect x="20" y="10" width="200" height="160" rx="36" fill="url(#art-bg)" />
      <path d="M40 120 q20 -30 40 0 t40 0 t40 0 t40 0" fill="none" stroke="var(--menu-icon)" strokeWidth="4" strokeLinecap="round" opacity="0.55" />
      <path d="M40 136 q20 -18 40 0 t40 0 t40 0 t40 0" fill="none" stroke="var(--menu-bg)" strokeWidth="3" strokeLinecap="round" opacity="0.35" />
      <g transform="translate(120 78)">
        <path d="M-42 8 a42 42 0 0 1 84 0" fill="none" stroke="var(--menu-bg)" strokeWidth="10" strokeLinecap="round" />
        <rect x="-52" y="2" width="22" height="38" rx="9" fill="var(--menu-icon)" />
        <rect x="30" y="2" width="22" height="38" rx="9" fill="var(--menu-icon)" />
        <path d="M41 40 q0 18 -26 20" fill="none" stroke="var(--menu-bg)" strokeWidth="5" strokeLinecap="round" />
        <circle cx="12" cy="60" r="6" fill="var(--menu-bg)" />
      </g>
    </svg>
  );
}
