/**
 * Seeds a fresh DATA_DIR through the server's own db layer before the server starts: the demo
 * tenants (as `CALLBOARD_DEMO=1` would), then the benchmark corp `bench` with N extensions, queues
 * whose members cover every extension once, an inbound trunk to each queue, and a level 3 user to
 * create the kiosk screen. The
 * server reads its live directory (extensions, queues) at start, so the simulator and the realtime
 * service know every extension without a reload.
 */
import { hashPassword, PRODUCTION_HASH } from '../../server/auth/passwords';
import { openDatabase } from '../../server/db/database';
import { appUser, corp, extension, lookAndFeel, queue, queueMember, sipServer, trunk } from '../../server/db/schema';
import { DEMO_PASSWORD, seedDemo } from '../../server/db/seed';
import { DEFAULT_COLOURS, defaultMonPath } from '../../domain';

export const BENCH_CORP = 'bench';
export const BENCH_USER = 'benchadmin';
export const BENCH_PASSWORD = DEMO_PASSWORD;
/** members per queue: one queue per team of this size */
export const TEAM_SIZE = 20;
/** one member rings at a time (ringall would ring the whole team on every call) */
const STRATEGIES = ['rrmemory', 'leastrecent', 'fewestcalls', 'linear', 'random'] as const;
/** the bench corp's DIDs: this prefix and the queue's index (unique across the demo's 5511… numbers) */
const TRUNK_PREFIX = '559900';

/** the trunk number (DID) that leads to the bench corp's q-th queue */
export const benchTrunkNumber = (q: number): string => `${TRUNK_PREFIX}${String(q + 1).padStart(4, '0')}`;

export interface SeededCorp {
  corpUrl: string;
  corpId: number;
  extensions: string[];
  queues: { id: number; name: string; members: string[] }[];
  ms: number;
}

export const extensionNumbers = (n: number): string[] => Array.from({ length: n }, (_, i) => String(1000 + i));

export async function seedBenchCorp(dataDir: string, extensionCount: number): Promise<SeededCorp> {
  const started = Date.now();
  const database = await openDatabase({ dataDir });
  try {
    await database.migrate();
    const db = database.orm;
    await seedDemo(db, PRODUCTION_HASH);
    const numbers = extensionNumbers(extensionCount);
    const queueCount = Math.ceil(extensionCount / TEAM_SIZE);
    const [bench] = await db
      .insert(corp)
      .values({ url: BENCH_CORP, name: 'Bench', extLen: 4, extMax: extensionCount, queMax: queueCount, maxContacts: 1, monPath: defaultMonPath('Bench') })
      .returning({ id: corp.id });
    await db.insert(lookAndFeel).values({ corpId: bench.id, ...DEFAULT_COLOURS, tabName: 'Bench' });
    await db.insert(appUser).values({ corpId: bench.id, nick: BENCH_USER, name: 'Bench Admin', mail: '', level: 3, passHash: await hashPassword(BENCH_PASSWORD, PRODUCTION_HASH) });
    // batches keep each statement's parameter count small
    for (let i = 0; i < numbers.length; i += 500) {
      await db.insert(extension).values(
        numbers.slice(i, i + 500).map((number) => ({
          corpId: bench.id,
          number,
          pass: `bench-${number}`,
          description: `Agent ${number}`,
          vmpass: number,
        })),
      );
    }
    // the simulator sends callers only where a trunk leads, as Asterisk does (H-WARM-02): a queue no trunk
    // reaches gets no calls, so each queue has its own inbound number; the first trunk also takes calls out
    const [carrier] = await db.insert(sipServer).values({ name: 'Bench carrier', ip: 'sip.bench.example', port: 5060 }).returning({ id: sipServer.id });
    const queues: SeededCorp['queues'] = [];
    for (let q = 0; q < queueCount; q++) {
      const members = numbers.slice(q * TEAM_SIZE, (q + 1) * TEAM_SIZE);
      const [row] = await db
        .insert(queue)
        .values({ corpId: bench.id, name: `Team ${String(q + 1).padStart(3, '0')}`, strategy: STRATEGIES[q % STRATEGIES.length], timeout: 15, serviceLevel: 60 })
        .returning({ id: queue.id, name: queue.name });
      await db.insert(queueMember).values(members.map((extenNumber) => ({ queueId: row.id, corpId: bench.id, extenNumber })));
      await db.insert(trunk).values({ corpId: bench.id, number: benchTrunkNumber(q), serverId: carrier.id, action: `queue:${row.id}`, outgoing: q === 0, preference: q === 0 });
      queues.push({ id: row.id, name: row.name, members });
    }
    return { corpUrl: BENCH_CORP, corpId: bench.id, extensions: numbers, queues, ms: Date.now() - started };
  } finally {
    await database.close();
  }
}
