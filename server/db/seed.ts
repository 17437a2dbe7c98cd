import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import { DEFAULT_COLOURS, DEFAULT_PARAMETERS, defaultMonPath, defaultViews, MAIL_PARAMS, type ViewGrant } from '../../domain';
import { hashPassword, type HashOptions } from '../auth/passwords';
import type { Db } from './database';
import { appUser, corp, lookAndFeel, mailParameter, parameter, roleGroup } from './schema';

export const DEMO_PASSWORD = 'callboard';

const MAIL_DEFAULTS: Record<(typeof MAIL_PARAMS)[number], string> = {
  mailer_encryption: 'tls',
  mailer_from_address: '',
  mailer_from_name: 'Callboard',
  mailer_host: '',
  mailer_pass: '',
  mailer_port: '587',
  mailer_subject: 'Callboard',
  mailer_user: '',
};

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(corp);
  return Number(row?.n ?? 0) === 0;
}

/** What every installation has: the system corp, parameters and default look and feel. */
async function seedSystem(db: Db): Promise<number> {
  const [system] = await db
    .insert(corp)
    .values({ url: 'supervisor', name: 'Supervisor', system: true, extLen: 4, extMax: 100, maxContacts: 1, allowCustom: true, monPath: defaultMonPath('Supervisor') })
    .returning({ id: corp.id });
  await db.insert(parameter).values(DEFAULT_PARAMETERS.map((p) => ({ ...p }))).onConflictDoNothing();
  await db
    .insert(mailParameter)
    .values(MAIL_PARAMS.map((key) => ({ key, value: MAIL_DEFAULTS[key] })))
    .onConflictDoNothing();
  await db.insert(lookAndFeel).values({ corpId: system.id, ...DEFAULT_COLOURS, tabName: '' });
  return system.id;
}

/**
 * Production first start: the system corp and the supervisor `super` with the given password, or a
 * generated one that the caller prints once.
 */
export async function seedProduction(db: Db, hash: HashOptions, adminPassword?: string): Promise<{ nick: string; password: string; generated: boolean }> {
  const password = adminPassword && adminPassword.length > 0 ? adminPassword : randomBytes(12).toString('base64url');
  const systemId = await seedSystem(db);
  await db.insert(appUser).values({ corpId: systemId, nick: 'super', name: 'Supervisor', level: 1, passHash: await hashPassword(password, hash) });
  return { nick: 'super', password, generated: !adminPassword };
}

/**
 * The demo tenants (ARCHITECTURE "demo tenants"): corps supervisor (1), acme (2), globex (3); all
 * users with password `callboard`, hashed once.
 */
export async function seedDemo(db: Db, hash: HashOptions, passHash?: string): Promise<void> {
  const passwordHash = passHash ?? (await hashPassword(DEMO_PASSWORD, hash));
  const supervisorId = await seedSystem(db);
  const [acme] = await db
    .insert(corp)
    .values({ url: 'acme', name: 'Acme', extLen: 3, extMax: 100, queMax: 10, maxContacts: 3, allowCustom: true, costEnabled: true, monPath: defaultMonPath('Acme') })
    .returning({ id: corp.id });
  const [globex] = await db
    .insert(corp)
    .values({ url: 'globex', name: 'Globex', extLen: 4, extMax: 50, queMax: 5, maxContacts: 1, allowCustom: false, monPath: defaultMonPath('Globex') })
    .returning({ id: corp.id });
  await db.insert(lookAndFeel).values([
    { corpId: acme.id, ...DEFAULT_COLOURS, tabName: 'Acme' },
    { corpId: globex.id, ...DEFAULT_COLOURS, tabName: '' },
  ]);

  const teamLeads: ViewGrant[] = [
    { name: 'home', actions: ['read'] },
    { name: 'statistics', actions: ['read'] },
    { name: 'cdr', actions: ['read'] },
    { name: 'panel', actions: ['read'] },
    { name: 'queue', actions: ['read', 'update'] },
  ];
  const staff: ViewGrant[] = [
    { name: 'home', actions: ['read'] },
    { name: 'panel', actions: ['read'] },
    { name: 'extension', actions: ['read', 'create', 'update', 'delete'] },
  ];
  const groups = await db
    .insert(roleGroup)
    .values([
      { corpId: acme.id, name: 'Team leads', views: teamLeads },
      { corpId: acme.id, name: 'Agents', views: defaultViews(4) },
      { corpId: globex.id, name: 'Staff', views: staff },
    ])
    .returning({ id: roleGroup.id, name: roleGroup.name });
  const agents = groups.find((g) => g.name === 'Agents')!.id;

  await db.insert(appUser).values([
    { corpId: supervisorId, nick: 'super', name: 'Sam Super', mail: 'super@callboard.example', level: 1, passHash: passwordHash },
    { corpId: acme.id, nick: 'owner', name: 'Olivia Owner', mail: 'owner@acme.example', level: 2, passHash: passwordHash },
    { corpId: acme.id, nick: 'admin', name: 'Adam Admin', mail: 'admin@acme.example', level: 3, passHash: passwordHash },
    { corpId: acme.id, nick: 'agent', name: 'Ana Agent', mail: 'agent@acme.example', level: 4, passHash: passwordHash, roleGroupId: agents },
    { corpId: acme.id, nick: 'wall', name: 'Wallboard', mail: '', level: 5, passHash: passwordHash },
    { corpId: globex.id, nick: 'admin', name: 'Gina Admin', mail: 'admin@globex.example', level: 3, passHash: passwordHash },
  ]);
}
