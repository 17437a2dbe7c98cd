/**
 * The fleet of wall TVs (H-FLEET-01, H-FLEET-02), their ticker band (H-TICK-01) and the NOC screen
 * (H-NOC-01): the rules written once, read by the kiosk, the admin app and the server. No schema
 * library here (the TV bundle imports this file; the zod schemas are in kiosk-fleet-schemas.ts).
 */

/** How often a TV reports, and when the admin list stops calling it live. */
export const KIOSK_FLEET = {
  /** a TV sends a heartbeat over its hub connection this often (and at once after each connect) */
  heartbeatMs: 15_000,
  /** no heartbeat for longer than this (two missed): stale */
  staleAfterMs: 35_000,
  /** no heartbeat for longer than this: dark, and an alert is raised once (H-FLEET-02) */
  darkAfterMs: 60_000,
  /** how often each instance looks for TVs gone dark */
  sweepMs: 5_000,
  /** the window over which a TV measures its frames per second */
  fpsWindowMs: 2_000,
} as const;

/** What the Kiosk screens list shows of each TV. */
export const FLEET_STATES = ['live', 'stale', 'dark', 'oldVersion'] as const;
export type FleetState = (typeof FLEET_STATES)[number];

/** What a TV says of itself in a heartbeat. */
export interface KioskHeartbeat {
  /** the build id the TV runs (RUNNING_BUILD_ID) */
  version: string;
  /** the screen's CSS pixels */
  width: number;
  height: number;
  /** frames painted per second over the last fpsWindowMs */
  fps: number;
  /** hub connections lost and made again since the page loaded */
  reconnects: number;
  /** how old the newest data on the screen is (ms); null before any data */
  dataAgeMs: number | null;
  /** the TV dims its data (after a loss, until a fresh snapshot; or the PBX is unreachable) */
  stale: boolean;
}

/** A TV of the fleet as GET /kiosk/fleet lists it: its last heartbeat and what that makes it. */
export interface KioskFleetEntry {
  screenId: number;
  corpId: number;
  name: string;
  /** server ms of the last heartbeat; null: never reported */
  seenAt: number | null;
  heartbeat: KioskHeartbeat | null;
  state: FleetState;
}

/**
 * The state of a TV from its last heartbeat: dark when none came for darkAfterMs (or never), on an
 * old version when it runs another build than the one deployed (`deployed` null: unknown, not
 * compared), stale when the heartbeat is late or the TV says its data is stale, else live.
 */
export function fleetState(seenAt: number | null, heartbeat: KioskHeartbeat | null, now: number, deployed: string | null): FleetState {
  if (seenAt === null || heartbeat === null || now - seenAt > KIOSK_FLEET.darkAfterMs) return 'dark';
  if (deployed !== null && heartbeat.version !== deployed) return 'oldVersion';
  if (now - seenAt > KIOSK_FLEET.staleAfterMs || heartbeat.stale) return 'stale';
  return 'live';
}

const finite = (v: unknown, max: number): number | null => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? Math.min(Math.round(v), max) : null);

/** A heartbeat from the wire, checked by hand (the hub path takes no schema library); null when malformed. */
export function readHeartbeat(value: unknown): KioskHeartbeat | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const width = finite(v.width, 100_000);
  const height = finite(v.height, 100_000);
  const fps = finite(v.fps, 1000);
  const reconnects = finite(v.reconnects, 1_000_000_000);
  const dataAgeMs = v.dataAgeMs === null ? null : finite(v.dataAgeMs, 10 * 365 * 86_400_000);
  if (typeof v.version !== 'string' || v.version.length === 0 || v.version.length > 64) return null;
  if (width === null || height === null || fps === null || reconnects === null || (dataAgeMs === null && v.dataAgeMs !== null)) return null;
  return { version: v.version, width, height, fps, reconnects, dataAgeMs, stale: v.stale === true };
}

/* ---------------------------------------------------------------- ticker (H-TICK-01) */

/** A ticker message's priority, lowest first: the band shows the highest first and takes its colour. */
export const TICKER_PRIORITIES = ['info', 'warning', 'critical'] as const;
export type TickerPriority = (typeof TICKER_PRIORITIES)[number];

export const TICKER_RULES = {
  textMax: 200,
  /** expiry: from one minute to a day */
  minutesMin: 1,
  minutesMax: 24 * 60,
  defaultMinutes: 30,
  /** screens one message may name */
  screensMax: 500,
  /** a TV shows a message within this of the push (the requirement; the e2e test measures it) */
  deliveryMs: 1000,
} as const;

/** A message on the ticker band of some of a corp's screens until it expires. */
export interface KioskTickerMessage {
  id: number;
  corpId: number;
  text: string;
  priority: TickerPriority;
  /** the screens that show it */
  screens: number[];
  /** server ms */
  createdAt: number;
  expiresAt: number;
  /** who pushed it (nick) */
  author: string;
}

/** What one screen shows now: its unexpired messages, highest priority first, then newest first. */
export function tickerOfScreen(messages: readonly KioskTickerMessage[], screenId: number, now: number): KioskTickerMessage[] {
  return messages
    .filter((m) => m.expiresAt > now && m.screens.includes(screenId))
    .sort((a, b) => TICKER_PRIORITIES.indexOf(b.priority) - TICKER_PRIORITIES.indexOf(a.priority) || b.createdAt - a.createdAt || b.id - a.id);
}

/* ---------------------------------------------------------------- NOC screen (H-NOC-01) */

/** A corp a NOC screen's page shows. */
export interface NocCorp {
  id: number;
  name: string;
  url: string;
}
