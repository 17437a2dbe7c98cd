/**
 * The Callers board (issue 4): the callers waiting in every queue, longest wait first, with queue,
 * position and a live wait time (painted from the shared clock). Rows are sized for reading across
 * the room; when more callers wait than fit, the last line says how many more.
 */
import { useLayoutEffect, useMemo, useRef } from 'react';
import { useKioskText } from '../kiosk-text-context';
import { map } from 'rxjs';
import { waitingCallers } from '../../streams/live-queues';
import { useObservable } from '../../src/ui/use-observable';
import { useKiosk } from '../app/kiosk-context';
import { useElementSize } from '../app/use-element-size';
import { maskParty } from '../format';

/** A row is 7 % of the screen height (about 76 px at 1080p): the text inside is ≥ 28 px at 1080p. */
export const CALLER_ROW_VH = 7;

/** How many rows fit `height` px below the header row, keeping one for "+N more" when needed. */
export function callerRows(height: number, viewportHeight: number, count: number): { shown: number; more: number } {
  const row = (CALLER_ROW_VH / 100) * viewportHeight;
  const capacity = Math.max(1, Math.floor(height / row) - 1);
  if (count <= capacity) return { shown: count, more: 0 };
  return { shown: capacity - 1, more: count - (capacity - 1) };
}

export function CallersBoard() {
  const { t } = useKioskText();
  const { live, config } = useKiosk();
  const callers$ = useMemo(() => live.queues$.pipe(map(waitingCallers)), [live.queues$]);
  const callers = useObservable(callers$, []);
  const area = useRef<HTMLDivElement>(null);
  const size = useElementSize(area);
  const { shown, more } = callerRows(size.height, window.innerHeight, callers.length);

  return (
    <div ref={area} className="h-full overflow-hidden" data-testid="kiosk-board-callers">
      {callers.length === 0 ? (
        <div className="flex h-full items-center justify-center text-[4vh] text-k-muted">{t('kiosk.callers.empty')}</div>
      ) : (
        <table className="w-full table-fixed border-separate border-spacing-y-[0.6vh] text-[3.6vh]">
          <thead className="text-left text-[2.6vh] text-k-muted">
            <tr>
              <th className="w-[34%] px-[1.5vh] font-medium">{t('kiosk.callers.queue')}</th>
              <th className="w-[14%] px-[1.5vh] font-medium">{t('kiosk.callers.position')}</th>
              <th className="w-[30%] px-[1.5vh] font-medium">{t('kiosk.callers.caller')}</th>
              <th className="px-[1.5vh] text-right font-medium">{t('kiosk.callers.wait')}</th>
            </tr>
          </thead>
          <tbody>
            {callers.slice(0, shown).map((c) => (
              <tr key={`${c.queueId}:${c.callId}`} className="bg-k-panel" style={{ height: `${CALLER_ROW_VH - 0.6}vh` }} data-testid="kiosk-caller">
                <td className="truncate rounded-l-[1vh] px-[1.5vh] font-semibold">{c.queueName}</td>
                <td className="px-[1.5vh] tabular-nums">{c.position}</td>
                <td className="truncate px-[1.5vh] tabular-nums">{maskParty(c.caller, config.privacy)}</td>
                <td className="rounded-r-[1vh] px-[1.5vh] text-right font-bold tabular-nums">
                  <WaitTimer since={c.since} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {more > 0 ? <div className="px-[1.5vh] text-[3vh] text-k-muted">{t('kiosk.callers.more', { count: more })}</div> : null}
    </div>
  );
}

/** A wait time painted by the shared clock (no render per second). */
function WaitTimer({ since }: { since: number }) {
  const { live } = useKiosk();
  const node = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => (node.current ? live.painter.register(node.current, since) : undefined), [live.painter, since]);
  return <span ref={node} data-testid="kiosk-wait" />;
}
