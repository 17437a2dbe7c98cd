/**
 * The ticker band (H-TICK-01): the screen's messages, highest priority first, in the colour of the
 * highest. Burn-in safe: the text scrolls (a compositor-only transform), so no letter stays on the
 * same pixels; the band is there only while a message runs, and its colours are the kiosk's tokens.
 */
import type { KioskTickerMessage, TickerPriority } from '../../domain/kiosk-fleet';
import { useKioskText } from '../kiosk-text-context';

const TONE: Record<TickerPriority, string> = {
  info: 'bg-k-panel text-k-text ring-1 ring-k-border',
  warning: 'bg-k-reconnecting text-k-bg',
  critical: 'bg-k-offline text-k-bg',
};

/** Scroll speed: about 12 characters a second, whatever the length. */
const SECONDS_PER_CHAR = 1 / 12;

export function TickerBand({ messages }: { messages: readonly KioskTickerMessage[] }) {
  const { t } = useKioskText();
  if (messages.length === 0) return null;
  const top = messages[0].priority;
  const text = messages.map((m) => m.text).join('   •   ');
  const seconds = Math.max(8, Math.round((text.length + 40) * SECONDS_PER_CHAR));
  return (
    <div
      className={`relative flex h-[6vh] shrink-0 items-center overflow-hidden rounded-[0.8vh] text-[3.4vh] font-semibold ${TONE[top]}`}
      role="status"
      aria-label={t(`kiosk.ticker.${top}`)}
      data-testid="kiosk-ticker"
      data-priority={top}
      data-ids={messages.map((m) => m.id).join(',')}
    >
      <span className="z-10 flex h-full shrink-0 items-center bg-inherit px-[1.6vh] text-[2.4vh] font-bold tracking-wide uppercase">{t(`kiosk.ticker.${top}`)}</span>
      <span className="kiosk-ticker-text whitespace-nowrap" style={{ animationDuration: `${seconds}s` }} data-testid="kiosk-ticker-text">
        {text}
      </span>
    </div>
  );
}
