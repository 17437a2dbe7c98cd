/**
 * The corps of bench/cluster-bench.ts: C corps with one level 3 user each, written through the
 * server's own db layer into the cluster's database after the instances started (the hub reads the
 * user at every connect, so nothing needs a reload), and a hub token per user signed as the login
 * route signs it (the instances' JWT_SECRET, the key bound to the user's password hash): 100 logins
 * from one address would meet the login throttle, which is not what this bench measures.
 */
import { hashPassword, TEST_HASH } from '../../server/auth/passwords';
import { secretKey, signToken, userTokenKey } from '../../server/auth/tokens';
import { openDatabase } from '../../server/db/database';
import { appUser, corp } from '../../server/db/schema';
import { defaultMonPath } from '../../domain';

export interface BenchCorp {
  corpId: number;
  token: string;
}

export async function seedCorps(databaseUrl: string, jwtSecret: string, count: number, runTag: string): Promise<BenchCorp[]> {
  const database = await openDatabase({ dataDir: ':memory:', databaseUrl });
  try {
    const db = database.orm;
    // one hash for every user: the bench signs tokens, nobody types this password
    const passHash = await hashPassword(`bench-${runTag}`, TEST_HASH);
    const key = secretKey(jwtSecret);
    const corps: BenchCorp[] = [];
    for (let i = 0; i < count; i++) {
      const name = `Bench ${runTag} ${i + 1}`;
      const [row] = await db
        .insert(corp)
        .values({ url: `bench-${runTag}-${i + 1}`, name, monPath: defaultMonPath(name) })
        .returning({ id: corp.id });
      const [user] = await db.insert(appUser).values({ corpId: row.id, nick: 'bench', name: 'Bench', mail: '', level: 3, passHash }).returning({ id: appUser.id });
      const { token } = await signToken({ sub: String(user.id), corp: row.id, lvl: 3, kind: 'user' }, userTokenKey(key, passHash));
      corps.push({ corpId: row.id, token });
    }
    return corps;
  } finally {
    await database.close();
  }
}
