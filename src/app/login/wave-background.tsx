/** The login page's wave background (A-LOG-04), in the corp's menu and icon colours. */
export function WaveBackground() {
  return (
    <svg className="pointer-events-none absolute inset-x-0 bottom-0 h-[45%] w-full" viewBox="0 0 1440 400" preserveAspectRatio="none" aria-hidden>
      <path d="M0 160 C 240 60 480 60 720 150 S 1200 260 1440 140 L1440 400 L0 400 Z" fill="var(--menu-icon)" opacity="0.18" />
      <path d="M0 230 C 300 130 560 300 860 220 S 1260 120 1440 210 L1440 400 L0 400 Z" fill="var(--menu-bg)" opacity="0.35" />
      <path d="M0 300 C 260 240 520 360 820 300 S 1240 250 1440 300 L1440 400 L0 400 Z" fill="var(--menu-bg)" opacity="0.9" />
    </svg>
  );
}
