/**
 * The TV's heartbeat (H-FLEET-01): right after each connect and every KIOSK_FLEET.heartbeatMs, what
 * the screen is (build, size, frames per second, reconnects, age of its data, stale or not) goes to
 * the server over the hub (KioskHeartbeat), which answers the ticker messages the screen shows now
 * (H-TICK-01), so a TV that missed a KioskTicker push catches up within one beat.
 * Frames per second: counted with requestAnimationFrame over KIOSK_FLEET.fpsWindowMs before each beat
 * only, so a TV is not kept painting 60 frames a second for the measure's sake.
 */
import { filter, pairwise } from 'rxjs';
import { KIOSK_FLEET, type KioskHeartbeat, type KioskTickerMessage } from '../../domain/kiosk-fleet';
import type { ConnectionHealth } from '../../streams/connection-health';
import { RUNNING_BUILD_ID } from '../chrome/version-watch';
import type { KioskLive } from './kiosk-live';

/** Frames painted per second over `windowMs` (0 where the page does not paint, e.g. hidden). */
export function measureFps(windowMs: number = KIOSK_FLEET.fpsWindowMs): Promise<number> {
  return new Promise((resolve) => {
    if (typeof requestAnimationFrame !== 'function') return resolve(0);
    let frames = 0;
    const start = performance.now();
    setTimeout(() => resolve(Math.round((frames * 1000) / windowMs)), windowMs);
    const step = (t: number) => {
      if (t - start >= windowMs) return;
      frames++;
      requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  });
}

/** The report of a screen from its health and counters (pure). */
export function heartbeatReport(health: ConnectionHealth | null, now: number, fps: number, reconnects: number, size: { width: number; height: number }): KioskHeartbeat {
  const asOf = health?.asOf ?? null;
  return {
    version: RUNNING_BUILD_ID,
    width: Math.round(size.width),
    height: Math.round(size.height),
    fps,
    reconnects,
    dataAgeMs: asOf === null ? null : Math.max(0, Math.round(now - asOf)),
    stale: !health || health.stale || health.state !== 'live',
  };
}

/** Starts beating; `onTicker` gets each answer with the server time the beat was sent at. Returns the stop function. */
export function startHeartbeat(live: KioskLive, onTicker: (messages: KioskTickerMessage[], at: number) => void): () => void {
  let health: ConnectionHealth | null = null;
  let reconnects = 0;
  let stopped = false;
  const beat = async () => {
    if (live.hub.state !== 'connected') return;
    const fps = await measureFps();
    if (stopped || live.hub.state !== 'connected') return;
    const report = heartbeatReport(health, live.now(), fps, reconnects, { width: window.innerWidth, height: window.innerHeight });
    const at = live.now();
    try {
      onTicker(await live.hub.invoke('KioskHeartbeat', report), at);
    } catch {
      // a refused or lost beat: the next one tells again (the server marks the TV stale, then dark)
    }
  };
  const subscriptions = [
    live.health$.subscribe((h) => (health = h)),
    live.hub.state$.pipe(pairwise()).subscribe(([before, after]) => {
      if (before === 'connected' && after !== 'connected') reconnects++;
    }),
    // a beat at once after each connect (the ticker shows without waiting a period)
    live.hub.state$.pipe(filter((s) => s === 'connected')).subscribe(() => void beat()),
  ];
  const timer = setInterval(() => void beat(), KIOSK_FLEET.heartbeatMs);
  return () => {
    stopped = true;
    clearInterval(timer);
    for (const s of subscriptions) s.unsubscribe();
  };
}
