import { createHmac } from 'node:crypto';
import { hashSecretKey, newSecretKey, secretKeyMatches } from './secret-key';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { decodeJwt, type JWTPayload } from 'jose';
import { DEFAULT_KIOSK_THRESHOLDS, KIOSK_BOARDS, kioskScreenConfig, KIOSK_RULES, type KioskBoard, type KioskScreenConfig, type KioskScreenRow, type KioskThresholds, type ViewGrant } from '../../domain';
import type { AppContext } from '../context';
import type { Db } from '../db/database';
import { corp, kioskScreen } from '../db/schema';
import { ApiFailure } from '../errors';
import { signToken, verifyToken, type IssuedToken } from './tokens';

/** What a kiosk token may do: watch the panel and the wallboards of its corp, nothing else. */
export const KIOSK_VIEWS: ViewGrant[] = [
  { name: 'panel', actions: ['read'] },
  { name: 'kiosk', actions: ['read'] },
];

/**
 * A kiosk screen acts as a principal whose user id is minus the screen id: it never collides with a
 * user, and the hub can close a screen's connections by it. The one place that knows the convention.
 */
export const kioskPrincipalId = (screenId: number): number => -screenId;
export const isKioskPrincipalId = (userId: number): boolean => userId < 0;

export const kioskKeyFailure = () => new ApiFailure(401, 'errors.kioskKey');
export const kioskRevokedFailure = (status: 401 | 410) => new ApiFailure(status, 'errors.kioskRevoked');

/** hex SHA-256 of a key (see the kiosk_screen table for why a fast digest is the right hash) */
export const hashKioskKey = hashSecretKey;

/** A new key: 32 random bytes as base64url, its digest and its last characters. */
export function newKioskKey(): { key: string; keyHash: string; keyHint: string } {
  const { key, hash, hint } = newSecretKey(KIOSK_RULES.keyBytes, KIOSK_RULES.keyHintLength);
  return { key, keyHash: hash, keyHint: hint };
}

/** Constant-time comparison of a presented key with a stored digest. */
export const kioskKeyMatches = secretKeyMatches;

type ScreenRecord = typeof kioskScreen.$inferSelect;

const asBoards = (value: unknown): KioskBoard[] => (Array.isArray(value) ? value.filter((b): b is KioskBoard => (KIOSK_BOARDS as readonly unknown[]).includes(b)) : []);
const asThresholds = (value: unknown): KioskThresholds => ({ ...DEFAULT_KIOSK_THRESHOLDS, ...(value && typeof value === 'object' ? (value as Partial<KioskThresholds>) : {}) });

/** A stored screen as the API lists it (no key digest). */
export function kioskScreenRow(record: ScreenRecord): KioskScreenRow {
  return {
    id: record.id,
    corpId: record.corpId,
    name: record.name,
    boards: asBoards(record.boards),
    secondsPerBoard: record.secondsPerBoard,
    hideOffline: record.hideOffline,
    privacy: record.privacy,
    thresholds: asThresholds(record.thresholds),
    revoked: record.revokedAt !== null,
    keyHint: record.keyHint,
    createdAt: record.createdAt.toISOString(),
    noc: record.nocCorps !== null,
    nocCorps: record.nocCorps ?? [],
  };
}

/** What the TV needs of its screen. */
export function kioskScreenConfigOf(record: ScreenRecord): KioskScreenConfig {
  return kioskScreenConfig(kioskScreenRow(record));
}

/**
 * The signing key of a screen's tokens: HMAC-SHA-256 of the app key and the screen's key digest. The
 * digest is the key's version: a rotate changes it, so every token issued for the old key fails its
 * signature check at once (nothing to forget to compare), and a kiosk token never verifies as a
 * user token, nor the other way round.
 */
function screenTokenKey(appKey: Uint8Array, keyHash: string): Uint8Array {
  return new Uint8Array(createHmac('sha256', appKey).update(`kiosk:${keyHash}`).digest());
}

/** A short-lived (60 s) read-only token of a screen: kind 'kiosk', subject the screen id, level 5, signed for the screen's current key. */
export function signKioskToken(ctx: Pick<AppContext, 'key'>, record: Pick<ScreenRecord, 'id' | 'corpId' | 'keyHash'>): Promise<IssuedToken> {
  return signToken({ sub: String(record.id), corp: record.corpId, lvl: 5, kind: 'kiosk' }, screenTokenKey(ctx.key, record.keyHash), KIOSK_RULES.tokenTtlSeconds);
}

/**
 * Exchanges a key for a session (POST /kiosk/session): the corp by its url name, the screen by id
 * (digits) or name. Unknown corp, screen or a wrong key: 401 errors.kioskKey (all alike); the right
 * key of a revoked screen: 410 errors.kioskRevoked.
 */
export async function exchangeKioskKey(db: Db, corpUrl: string, screen: string | number, key: string): Promise<ScreenRecord> {
  const [found] = await db.select({ id: corp.id }).from(corp).where(sql`lower(${corp.url}) = lower(${corpUrl})`).limit(1);
  const byId = typeof screen === 'number' || /^[0-9]{1,9}$/.test(screen);
  const [record] = found
    ? await db
        .select()
        .from(kioskScreen)
        .where(and(eq(kioskScreen.corpId, found.id), byId ? eq(kioskScreen.id, Number(screen)) : sql`lower(${kioskScreen.name}) = lower(${String(screen)})`))
        .limit(1)
    : [];
  // a digest is computed either way, so a missing screen answers as slowly as a wrong key
  const matches = kioskKeyMatches(key, record?.keyHash ?? '0'.repeat(64));
  if (!record || !matches) throw kioskKeyFailure();
  if (record.revokedAt !== null) throw kioskRevokedFailure(410);
  return record;
}

/** The screen a token claims to be for, before any check (only to find the key to check it with). */
function claimedScreen(token: string): { id: number; corpId: number } | null {
  let payload: JWTPayload;
  try {
    payload = decodeJwt(token);
  } catch {
    return null;
  }
  const { sub, corp: corpId, kind } = payload as Record<string, unknown>;
  if (kind !== 'kiosk' || typeof sub !== 'string' || !/^[0-9]{1,9}$/.test(sub)) return null;
  if (typeof corpId !== 'number' || !Number.isInteger(corpId) || corpId < 1 || corpId > 2 ** 31 - 1) return null;
  return { id: Number(sub), corpId };
}

/**
 * H-NOC-01: the signing key of a NOC screen's page tokens for one corp. Bound to the screen's key
 * (a rotate stops them) and to the corp (a page token of one corp never verifies for another), and
 * never equal to the screen's own token key (a screen token is no page token).
 */
function nocPageKey(appKey: Uint8Array, keyHash: string, corpId: number): Uint8Array {
  return new Uint8Array(createHmac('sha256', appKey).update(`kiosk-noc:${keyHash}:${corpId}`).digest());
}

/** Whether a NOC screen may read `corpId` now: its list names it (empty: every corp), and the corp is enabled and not the system corp. */
export async function nocMayRead(db: Db, record: Pick<ScreenRecord, 'corpId' | 'nocCorps'>, corpId: number): Promise<boolean> {
  if (record.nocCorps === null) return false;
  if (record.nocCorps.length > 0 && !record.nocCorps.includes(corpId)) return false;
  // a NOC screen is the system corp's (only the supervisor makes one, server/resources/kiosk-screen.ts); checked again here
  const rows = await db.select({ id: corp.id, system: corp.system, enabled: corp.enabled }).from(corp).where(inArray(corp.id, [record.corpId, corpId]));
  const home = rows.find((r) => r.id === record.corpId);
  const target = rows.find((r) => r.id === corpId);
  return !!home?.system && !!target && target.enabled && !target.system;
}

/** A 60 s token of a NOC screen's page: a kiosk token of `corpId` (read-only, level 5) for this screen. */
export function signNocPageToken(ctx: Pick<AppContext, 'key'>, record: Pick<ScreenRecord, 'id' | 'keyHash'>, corpId: number): Promise<IssuedToken> {
  return signToken({ sub: String(record.id), corp: corpId, lvl: 5, kind: 'kiosk' }, nocPageKey(ctx.key, record.keyHash, corpId), KIOSK_RULES.tokenTtlSeconds);
}

/**
 * The screen a kiosk token names, read on every use so a revoked screen's tokens stop at once:
 * null for anything but a valid kiosk token, signed for the current key, of an existing screen
 * (a token from before a rotate is null); 'revoked' once revoked. A NOC screen's page token (H-NOC-01)
 * gives the screen with `corpId` the page's corp: whoever reads the result acts in that corp only,
 * and only while the screen's list still names it.
 */
export async function screenOfKioskToken(ctx: Pick<AppContext, 'db' | 'key'>, token: string): Promise<ScreenRecord | 'revoked' | null> {
  const claimed = claimedScreen(token);
  if (!claimed) return null;
  const [record] = await ctx.db.select().from(kioskScreen).where(eq(kioskScreen.id, claimed.id)).limit(1);
  if (!record) return null;
  const own = claimed.corpId === record.corpId;
  const key = own ? screenTokenKey(ctx.key, record.keyHash) : record.nocCorps !== null ? nocPageKey(ctx.key, record.keyHash, claimed.corpId) : null;
  if (!key) return null;
  const claims = await verifyToken(token, key);
  if (!claims || claims.kind !== 'kiosk' || claims.sub !== String(record.id) || claims.corp !== claimed.corpId) return null;
  if (record.revokedAt !== null) return 'revoked';
  if (own) return record;
  return (await nocMayRead(ctx.db, record, claimed.corpId)) ? { ...record, corpId: claimed.corpId } : null;
}
