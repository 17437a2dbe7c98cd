/**
 * The ticker band of the corp's TVs (H-TICK-01): messages with a priority and an expiry for chosen
 * screens. Stored (kiosk_ticker) so a TV that loads or reconnects later still shows what is running;
 * every change publishes the corp's unexpired messages as one KioskTicker push (through the
 * backplane, so TVs on every instance get it at once), and each TV shows those naming it.
 * Pushing is a write on the kiosk screens (domain KIOSK_TICKER_ACCESS); it is written to the log
 * monitor's stream like the other actions on the floor (G-PRM-02).
 */
import { and, asc, eq, gt, inArray, lte } from 'drizzle-orm';
import { tickerOfScreen, type KioskTickerMessage, type TickerInput, type TickerPriority } from '../../domain';
import type { Db } from '../db/database';
import { kioskScreen } from '../db/schema';
import { kioskTicker } from '../db/schema-kiosk';
import { ApiFailure } from '../errors';
import type { Backplane } from '../hub/backplane';

export interface TickerAuthor {
  userId: number;
  nick: string;
}

export interface KioskTicker {
  /** the corp's unexpired messages, newest first */
  active(corpId: number, at?: number): Promise<KioskTickerMessage[]>;
  /** what one screen of the corp shows now */
  ofScreen(corpId: number, screenId: number, at?: number): Promise<KioskTickerMessage[]>;
  push(author: TickerAuthor, corpId: number, input: TickerInput): Promise<KioskTickerMessage>;
  /** takes a message off the band before it expires; false when the corp has no such message */
  remove(author: TickerAuthor, corpId: number, id: number): Promise<boolean>;
}

type Row = typeof kioskTicker.$inferSelect;

const message = (r: Row): KioskTickerMessage => ({
  id: r.id,
  corpId: r.corpId,
  text: r.text,
  priority: r.priority as TickerPriority,
  screens: r.screens,
  createdAt: r.createdAt,
  expiresAt: r.expiresAt,
  author: r.author,
});

export function createKioskTicker(options: { db: Db; backplane: Pick<Backplane, 'publish'>; now?: () => number }): KioskTicker {
  const { db, backplane } = options;
  const now = options.now ?? Date.now;

  async function active(corpId: number, at = now()): Promise<KioskTickerMessage[]> {
    const rows = await db
      .select()
      .from(kioskTicker)
      .where(and(eq(kioskTicker.corpId, corpId), gt(kioskTicker.expiresAt, at)))
      .orderBy(asc(kioskTicker.createdAt));
    return rows.map(message).reverse();
  }

  async function publish(corpId: number, at: number): Promise<void> {
    // expired rows are of no use to anyone: dropped when the corp's band changes
    await db.delete(kioskTicker).where(and(eq(kioskTicker.corpId, corpId), lte(kioskTicker.expiresAt, at)));
    backplane.publish(corpId, 'KioskTicker', { corpId, messages: await active(corpId, at), ts: at });
  }

  function audit(author: TickerAuthor, corpId: number, at: number, state: string, event: Record<string, unknown>): void {
    backplane.publish(corpId, 'LogMon', {
      corpId,
      type: 'UserAction',
      timestamp: new Date(at).toISOString(),
      device: 'kiosk/ticker',
      state,
      event: { who: author.nick, userId: author.userId, action: state, ...event },
      ts: at,
    });
  }

  return {
    active,
    async ofScreen(corpId, screenId, at = now()) {
      return tickerOfScreen(await active(corpId, at), screenId, at);
    },
    async push(author, corpId, input) {
      // the screens must be the corp's own (tenancy: another corp's id is as unknown as a missing one)
      const found = await db
        .select({ id: kioskScreen.id })
        .from(kioskScreen)
        .where(and(eq(kioskScreen.corpId, corpId), inArray(kioskScreen.id, input.screens)));
      if (found.length !== input.screens.length) throw new ApiFailure(400, 'validation.refUnknown', [{ path: 'screens', message: 'validation.refUnknown' }]);
      const at = now();
      const [row] = await db
        .insert(kioskTicker)
        .values({ corpId, text: input.text, priority: input.priority, screens: input.screens, createdAt: at, expiresAt: at + input.minutes * 60_000, author: author.nick.slice(0, 100) })
        .returning();
      await publish(corpId, at);
      audit(author, corpId, at, 'tickerPush', { id: row.id, text: row.text, priority: row.priority, screens: row.screens, expiresAt: new Date(row.expiresAt).toISOString() });
      return message(row);
    },
    async remove(author, corpId, id) {
      const gone = await db
        .delete(kioskTicker)
        .where(and(eq(kioskTicker.corpId, corpId), eq(kioskTicker.id, id)))
        .returning({ id: kioskTicker.id });
      if (gone.length === 0) return false;
      const at = now();
      await publish(corpId, at);
      audit(author, corpId, at, 'tickerRemove', { id });
      return true;
    },
  };
}
