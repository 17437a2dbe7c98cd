import { z } from 'zod';
import { tariffEntrySchema, tariffSingleton, type TariffEntry } from '../../domain';
import { bindSingleton } from '../crud/singleton';
import { tariff } from '../db/schema-reports';
import { invalid } from '../errors';

/**
 * A corp's tariff (domain/reports/tariff.ts), a singleton of J-ONE-02: its rows (one per destination
 * group) read and replaced whole through the corp's tenant accessor. Applied to the calls written from
 * then on (the cdr insert trigger rates them).
 */
export const tariffBinding = bindSingleton<TariffEntry[], TariffEntry[]>({
  definition: tariffSingleton,
  table: tariff,
  async read({ data }) {
    const rows = await data.db
      .select({ groupId: tariff.groupId, pricePerMinute: tariff.pricePerMinute, minimumSec: tariff.minimumSec, incrementSec: tariff.incrementSec })
      .from(tariff)
      .where(data.own(tariff.corpId))
      .orderBy(tariff.groupId);
    return rows.map((r) => ({ ...r, pricePerMinute: Number(r.pricePerMinute) }));
  },
  // each entry names a destination group of the platform
  async check(entries, { data }) {
    const groups = new Set((await data.list<{ id: number }>('destinationGroup')).map((g) => g.id));
    const unknown = entries.findIndex((e) => !groups.has(e.groupId));
    if (unknown >= 0) throw invalid([{ path: `${unknown}.groupId`, message: 'validation.option' }]);
  },
  async write(entries, { db, data, corpId }) {
    await db.delete(tariff).where(data.own(tariff.corpId));
    if (entries.length === 0) return;
    await db.insert(tariff).values(entries.map((e) => ({ corpId: corpId!, groupId: e.groupId, pricePerMinute: String(e.pricePerMinute), minimumSec: e.minimumSec, incrementSec: e.incrementSec })));
  },
  response: z.array(tariffEntrySchema),
});
