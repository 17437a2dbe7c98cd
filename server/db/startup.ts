/**
 * What a start does to the database before the app is built: the migrations, then on an empty
 * database the demo tenants or the production supervisor. Under the start lock (I-INST-03): instances
 * started at once on one PostgreSQL take turns, so the migrations run once and the later instances
 * find the database seeded.
 */
import type { HashOptions } from '../auth/passwords';
import type { Database } from './database';
import { isEmpty, seedDemo, seedProduction } from './seed';

export interface PrepareOptions {
  /** seed the demo tenants into an empty database (CALLBOARD_DEMO) */
  demo: boolean;
  /** a real Asterisk reads the demo's SIP secrets (PBX=ari): random ones (seed.ts DemoSeedOptions) */
  strongSecrets?: boolean;
  /** the supervisor's password on a production first start (CALLBOARD_ADMIN_PASSWORD); generated when absent */
  adminPassword?: string;
  hash: HashOptions;
}

export type Prepared =
  /** the database had data: nothing seeded */
  | { seeded: null }
  | { seeded: 'demo' }
  /** the system corp and `super`; `generated`: the password was made now (to print once) */
  | { seeded: 'production'; password: string; generated: boolean };

export async function prepareDatabase(database: Database, options: PrepareOptions): Promise<Prepared> {
  return database.exclusive(async () => {
    await database.migrate();
    if (!(await isEmpty(database.orm))) return { seeded: null };
    // one transaction: a start that dies half-way leaves an empty database, seeded by the next start
    return database.orm.transaction(async (tx): Promise<Prepared> => {
      if (options.demo) {
        await seedDemo(tx, options.hash, undefined, { strongSecrets: options.strongSecrets });
        return { seeded: 'demo' };
      }
      const admin = await seedProduction(tx, options.hash, options.adminPassword);
      return { seeded: 'production', password: admin.password, generated: admin.generated };
    });
  });
}
