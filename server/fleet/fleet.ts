/**
 * The fleet of wall TVs (H-FLEET-01, H-FLEET-02): heartbeats in (hub method KioskHeartbeat), the
 * Kiosk screens list's states out (GET /kiosk/fleet), and the sweep that finds TVs dark for longer
 * than KIOSK_FLEET.darkAfterMs and raises one alert each: a KioskAlert push to the corp's connections
 * that may read kiosk screens (the admin's toast), a FleetAlert entry in the log monitor's stream,
 * and a mail through the mail parameters to the corp's users who may read kiosk screens.
 *
 * Several instances: the heartbeats are rows of kiosk_heartbeat (schema-kiosk.ts says why the
 * database); every instance sweeps, and the UPDATE that sets dark_alerted_at claims each alert for
 * exactly one of them; the pushes travel through the backplane to every instance's hub.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import {
  canAccess,
  defaultViews,
  fleetState,
  isLevel,
  KIOSK_FLEET,
  KIOSK_FLEET_ACCESS,
  readHeartbeat,
  type KioskFleetEntry,
  type KioskHeartbeat,
  type KioskTickerMessage,
} from '../../domain';
import type { Db } from '../db/database';
import { appUser, kioskScreen, roleGroup } from '../db/schema';
import { kioskHeartbeat } from '../db/schema-kiosk';
import type { Backplane } from '../hub/backplane';
import { sendMail } from '../mail/mailer';
import type { KioskTicker } from './ticker';

export interface FleetLogger {
  info(msg: string, data?: Record<string, unknown>): void;
  warn(msg: string, data?: Record<string, unknown>): void;
}

export interface KioskFleetOptions {
  db: Db;
  backplane: Pick<Backplane, 'publish'>;
  ticker: KioskTicker;
  /** the build deployed now (the client's /version.json); null: unknown, versions are not compared */
  deployedVersion: () => Promise<string | null>;
  log: FleetLogger;
  now?: () => number;
}

export interface KioskFleet {
  /** stores a screen's heartbeat and answers the ticker messages it shows now; null for a screen that is gone */
  heartbeat(screenId: number, report: KioskHeartbeat): Promise<KioskTickerMessage[] | null>;
  /** every screen of the corp with its last heartbeat and state */
  list(corpId: number): Promise<KioskFleetEntry[]>;
  /** raises the alerts of the TVs dark at `now` not alerted yet; resolves with how many (and after their mails) */
  sweep(now?: number): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

/** A screen's device name in the log monitor's stream. */
const deviceOf = (screenId: number, name: string) => `kiosk/${screenId} ${name}`;

export function createKioskFleet(options: KioskFleetOptions): KioskFleet {
  const { db, backplane, log } = options;
  const now = options.now ?? Date.now;
  let timer: NodeJS.Timeout | null = null;
  let sweeping: Promise<number> | null = null;

  function announce(corpId: number, screenId: number, name: string, state: 'dark' | 'live', seenAt: number, at: number): void {
    backplane.publish(corpId, 'KioskAlert', { corpId, screenId, name, state, seenAt, ts: at });
    backplane.publish(corpId, 'LogMon', {
      corpId,
      type: 'FleetAlert',
      timestamp: new Date(at).toISOString(),
      device: deviceOf(screenId, name),
      state,
      event: { screenId, name, state, lastHeartbeat: new Date(seenAt).toISOString(), silentMs: at - seenAt },
      ts: at,
    });
  }

  /** The corp's users who may read kiosk screens and have a mail address. */
  async function recipients(corpId: number): Promise<string[]> {
    const rows = await db
      .select({ mail: appUser.mail, level: appUser.level, views: roleGroup.views })
      .from(appUser)
      .leftJoin(roleGroup, eq(roleGroup.id, appUser.roleGroupId))
      .where(and(eq(appUser.corpId, corpId), eq(appUser.enabled, true)));
    return rows
      .filter((r) => r.mail.trim() !== '' && isLevel(r.level) && canAccess({ level: r.level, views: r.views ?? defaultViews(r.level) }, KIOSK_FLEET_ACCESS))
      .map((r) => r.mail.trim());
  }

  async function mailDark(corpId: number, screenId: number, name: string, seenAt: number): Promise<void> {
    const to = await recipients(corpId);
    const outcome = await sendMail(db, {
      to,
      subject: `wall TV "${name}" is dark`,
      text: [
        `The kiosk screen "${name}" (id ${screenId}) has sent no heartbeat since ${new Date(seenAt).toISOString()}.`,
        'Check that the TV is on, its browser shows the kiosk page and it reaches the network.',
      ].join('\n'),
    });
    if (outcome.sent) log.info('fleet: dark TV mailed', { corpId, screenId, to: outcome.accepted.length });
  }

  async function sweepOnce(at: number): Promise<number> {
    const claimed = (await db.execute(sql`
      UPDATE kiosk_heartbeat h SET dark_alerted_at = ${at}
      FROM kiosk_screen s
      WHERE s.id = h.screen_id AND s.revoked_at IS NULL AND h.dark_alerted_at IS NULL AND h.seen_at < ${at - KIOSK_FLEET.darkAfterMs}
      RETURNING h.screen_id, h.corp_id, h.seen_at, s.name`)) as unknown as { rows: { screen_id: number; corp_id: number; seen_at: string | number; name: string }[] };
    const rows = claimed.rows;
    for (const row of rows) {
      const seenAt = Number(row.seen_at);
      log.warn('fleet: a wall TV went dark', { corpId: row.corp_id, screenId: row.screen_id, name: row.name, silentMs: at - seenAt });
      announce(row.corp_id, row.screen_id, row.name, 'dark', seenAt, at);
    }
    // mails last: a slow or absent SMTP server delays no push
    await Promise.all(
      rows.map((row) =>
        mailDark(row.corp_id, row.screen_id, row.name, Number(row.seen_at)).catch((error: unknown) =>
          log.warn('fleet: the dark TV mail was not sent', { corpId: row.corp_id, screenId: row.screen_id, error: String(error) }),
        ),
      ),
    );
    return rows.length;
  }

  return {
    async heartbeat(screenId, report) {
      const at = now();
      const checked = readHeartbeat(report);
      if (!checked) return null;
      // one statement: the previous alert state (prev, read before the upsert) and the screen's corp
      const result = (await db.execute(sql`
        WITH prev AS (SELECT dark_alerted_at FROM kiosk_heartbeat WHERE screen_id = ${screenId}),
        up AS (
          INSERT INTO kiosk_heartbeat (screen_id, corp_id, seen_at, report, dark_alerted_at)
          SELECT id, corp_id, ${at}, ${JSON.stringify(checked)}::jsonb, NULL FROM kiosk_screen WHERE id = ${screenId}
          ON CONFLICT (screen_id) DO UPDATE SET seen_at = excluded.seen_at, report = excluded.report, dark_alerted_at = NULL
          RETURNING corp_id
        )
        SELECT up.corp_id, s.name, (SELECT dark_alerted_at FROM prev) AS was_dark
        FROM up JOIN kiosk_screen s ON s.id = ${screenId}`)) as unknown as { rows: { corp_id: number; name: string; was_dark: string | number | null }[] };
      const row = result.rows[0];
      if (!row) return null;
      if (row.was_dark !== null) {
        log.info('fleet: a dark wall TV is back', { corpId: row.corp_id, screenId, name: row.name });
        announce(row.corp_id, screenId, row.name, 'live', at, at);
      }
      return options.ticker.ofScreen(row.corp_id, screenId, at);
    },

    async list(corpId) {
      const at = now();
      const deployed = await options.deployedVersion();
      const rows = await db
        .select({ id: kioskScreen.id, corpId: kioskScreen.corpId, name: kioskScreen.name, seenAt: kioskHeartbeat.seenAt, report: kioskHeartbeat.report })
        .from(kioskScreen)
        .leftJoin(kioskHeartbeat, eq(kioskHeartbeat.screenId, kioskScreen.id))
        .where(eq(kioskScreen.corpId, corpId))
        .orderBy(kioskScreen.name);
      return rows.map((r) => {
        const heartbeat = r.report === null ? null : readHeartbeat(r.report);
        const seenAt = r.seenAt ?? null;
        return { screenId: r.id, corpId: r.corpId, name: r.name, seenAt, heartbeat, state: fleetState(seenAt, heartbeat, at, deployed) };
      });
    },

    async sweep(at = now()) {
      // one sweep at a time per instance; the claim keeps instances apart
      while (sweeping) await sweeping.catch(() => undefined);
      sweeping = sweepOnce(at);
      try {
        return await sweeping;
      } finally {
        sweeping = null;
      }
    },

    start() {
      if (timer) return;
      timer = setInterval(() => {
        if (sweeping) return;
        this.sweep().catch((error: unknown) => log.warn('fleet: sweep failed', { error: String(error) }));
      }, KIOSK_FLEET.sweepMs);
      timer.unref();
    },

    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await sweeping?.catch(() => undefined);
    },
  };
}

/**
 * The build deployed now: the id in the served client's version.json (vite.config.ts writes it),
 * read again at most every 10 s (a deploy replaces it under a running server).
 */
export function deployedVersionReader(clientDir: string | null | undefined, cacheMs = 10_000): () => Promise<string | null> {
  let cached: { id: string | null; at: number } | null = null;
  return async () => {
    if (!clientDir) return null;
    if (cached && Date.now() - cached.at < cacheMs) return cached.id;
    let id: string | null = null;
    try {
      const parsed = JSON.parse(await readFile(path.join(clientDir, 'version.json'), 'utf8')) as { id?: unknown };
      id = typeof parsed.id === 'string' && parsed.id ? parsed.id : null;
    } catch {
      id = null;
    }
    cached = { id, at: Date.now() };
    return id;
  };
}
