/**
 * The kiosk service (STYLE 11 "one kiosk service read by one hook"): everything live a TV screen
 * needs, made once per session and disposed with it.
 * - the hub connection (src/hub/hub-client: one per tab, never gives up) over our own WebSocket
 *   connection (src/hub/ws-hub-connection.ts, not SignalR's client), its token read from the kiosk
 *   session at every connect; a reconnect asks the session to check its key at once, so a
 *   revoked screen (the server closes its connection) shows "revoked" within seconds;
 * - the live pipeline the panel reads too (streams/live-feed.ts): the extension registry, the live
 *   queues and aggregates, the connection and PBX health, ONE shared clock in server time;
 * - one timer painter over that clock: every timer is painted from it, no interval and no render per tile.
 * Bounded memory: the feed holds one actor per extension of the corp and one entry per waiting caller,
 * the painter one entry per mounted timer; nothing grows with time.
 */
import { createLiveFeed, type LiveFeed, type LiveMembers } from '../../streams/live-feed';
import { KIOSK_SNAPSHOT_METHODS } from '../../src/hub/contract';
import { createHubClient, type HubClient } from '../../src/hub/hub-client';
import { wsHubConnection } from '../../src/hub/ws-hub-connection';
import { NO_PROBE, type BenchProbe } from './probe';
import { createTimerPainter, type TimerPainter } from './timer-painter';

/** Which extensions the board has (changes only with an extension snapshot, not with each event). */
export type KioskMembers = LiveMembers;

export interface KioskLive extends Omit<LiveFeed, 'dispose'> {
  hub: HubClient;
  painter: TimerPainter;
  probe: BenchProbe;
  dispose(): Promise<void>;
}

export interface KioskLiveOptions {
  corpId: number;
  /** the current kiosk token (read at every negotiate) */
  token: () => string | null;
  /** the connection was lost: the session should check its key now */
  onConnectionLost?: () => void;
  probe?: BenchProbe;
}

export function createKioskLive(options: KioskLiveOptions): KioskLive {
  const { corpId } = options;
  // the boards read extensions and queues: the lists of calls, channels and contacts are the panels' (never pushed to a kiosk either)
  const hub = createHubClient({ accessToken: options.token, corpId: () => corpId, snapshots: KIOSK_SNAPSHOT_METHODS, connect: wsHubConnection() });
  const feed = createLiveFeed({ corpId, events$: hub.events$, state$: hub.state$ });
  const painter = createTimerPainter();
  const probe = options.probe ?? NO_PROBE;
  const subscriptions = [
    feed.clock$.subscribe((t) => painter.paint(t)),
    hub.state$.subscribe((state) => {
      if (state === 'reconnecting') options.onConnectionLost?.();
    }),
  ];
  const stopProbe = probe.observe(hub.events$, corpId);
  return {
    ...feed,
    hub,
    painter,
    probe,
    async dispose() {
      for (const s of subscriptions) s.unsubscribe();
      stopProbe();
      feed.dispose();
      await hub.dispose();
    },
  };
}
