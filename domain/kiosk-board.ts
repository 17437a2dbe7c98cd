/**
 * What a kiosk screen is, without its schemas (domain/resources/kiosk-screen.ts holds those and
 * re-exports this): the kiosk's TV bundle imports these constants and types from here, so it carries
 * no schema library (issue 13, kiosk JavaScript under its budget).
 */
/** What a kiosk screen can show, in playlist order. */
export const KIOSK_BOARDS = ['agents', 'queues', 'callers', 'trend', 'heatmap'] as const;
export type KioskBoard = (typeof KIOSK_BOARDS)[number];
export const KIOSK_RULES = {
  nameMax: 50,
  secondsMin: 5,
  secondsMax: 3600,
  defaultSeconds: 20,
  /** a kiosk session token lives 60 s; the TV exchanges its key again in the background */
  tokenTtlSeconds: 60,
  /** the key: 32 random bytes, base64url (43 characters) */
  keyBytes: 32,
  /** the key's last characters shown in lists */
  keyHintLength: 4,
  waitingMax: 1000,
  waitSecondsMax: 86_400,
} as const;

/** Queue tile thresholds, with separate clear levels (hysteresis) so colours do not flap. */
export interface KioskThresholds {
  waitingWarning: number;
  waitingCritical: number;
  waitingClearWarning: number;
  waitingClearCritical: number;
  longestWaitWarningSec: number;
  longestWaitCriticalSec: number;
  longestWaitClearWarningSec: number;
  longestWaitClearCriticalSec: number;
  serviceLevelWarningPct: number;
  serviceLevelCriticalPct: number;
  serviceLevelClearWarningPct: number;
  serviceLevelClearCriticalPct: number;
}

export const DEFAULT_KIOSK_THRESHOLDS: KioskThresholds = {
  waitingWarning: 3,
  waitingCritical: 6,
  waitingClearWarning: 2,
  waitingClearCritical: 5,
  longestWaitWarningSec: 60,
  longestWaitCriticalSec: 120,
  longestWaitClearWarningSec: 45,
  longestWaitClearCriticalSec: 100,
  serviceLevelWarningPct: 80,
  serviceLevelCriticalPct: 60,
  serviceLevelClearWarningPct: 85,
  serviceLevelClearCriticalPct: 65,
};

/** A kiosk screen as the API returns it (never the key, only its last characters). */
export interface KioskScreenRow {
  id: number;
  corpId: number;
  name: string;
  boards: KioskBoard[];
  secondsPerBoard: number;
  hideOffline: boolean;
  privacy: boolean;
  thresholds: KioskThresholds;
  /** read-only: revoked keys are not exchanged for tokens any more (rotate gives a new key) */
  revoked: boolean;
  /** read-only: the last 4 characters of the key */
  keyHint: string;
  createdAt: string;
  /** H-NOC-01: a NOC screen (the system corp's only, level 1) rotates across other corps' floors */
  noc: boolean;
  /** the corps a NOC screen shows and its key may read; empty: every corp */
  nocCorps: number[];
}

/** What a kiosk session (POST /kiosk/session, GET /kiosk/self) tells the TV about its screen. */
export type KioskScreenConfig = Pick<KioskScreenRow, 'id' | 'name' | 'boards' | 'secondsPerBoard' | 'hideOffline' | 'privacy' | 'thresholds' | 'noc'>;

/** The TV's part of a screen (the server's session answers and the kiosk's signed-in mode use it). */
export function kioskScreenConfig(row: KioskScreenRow): KioskScreenConfig {
  const { id, name, boards, secondsPerBoard, hideOffline, privacy, thresholds, noc } = row;
  return { id, name, boards, secondsPerBoard, hideOffline, privacy, thresholds, noc };
}
