import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import { DEFAULT_COLOURS, DEFAULT_PARAMETERS, defaultMonPath, defaultViews, MAIL_PARAMS, type ViewGrant } from '../../domain';
import { hashPassword, type HashOptions } from '../auth/passwords';
import type { Db } from './database';
import { appUser, corp, extension, lookAndFeel, mailParameter, parameter, queue, queueMember, roleGroup } from './schema';

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
 * users with password `callboard`, hashed once. acme has extensions 201-240 and the queues Sales
 * (ringall, 12 members), Support (rrmemory, 16) and Billing (leastrecent, 8); globex has 1001-1012
 * and Helpdesk (8 members). SIP passwords are `{corp}-{number}`.
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

  const users = await db
    .insert(appUser)
    .values([
      { corpId: supervisorId, nick: 'super', name: 'Sam Super', mail: 'super@callboard.example', level: 1, passHash: passwordHash },
      { corpId: acme.id, nick: 'owner', name: 'Olivia Owner', mail: 'owner@acme.example', level: 2, passHash: passwordHash },
      { corpId: acme.id, nick: 'admin', name: 'Adam Admin', mail: 'admin@acme.example', level: 3, passHash: passwordHash },
      { corpId: acme.id, nick: 'agent', name: 'Ana Agent', mail: 'agent@acme.example', level: 4, passHash: passwordHash, roleGroupId: agents },
      { corpId: acme.id, nick: 'wall', name: 'Wallboard', mail: '', level: 5, passHash: passwordHash },
      { corpId: globex.id, nick: 'admin', name: 'Gina Admin', mail: 'admin@globex.example', level: 3, passHash: passwordHash },
    ])
    .returning({ id: appUser.id, nick: appUser.nick, corpId: appUser.corpId, name: appUser.name });
  const userOf = (corpId: number, nick: string) => users.find((u) => u.corpId === corpId && u.nick === nick)!;

  // acme: 201-240, the first three used by its demo users; teams by call group (sales 1, support 2, billing 3)
  const acmeLinked = new Map([
    [201, userOf(acme.id, 'agent')],
    [202, userOf(acme.id, 'admin')],
    [203, userOf(acme.id, 'owner')],
  ]);
  await db.insert(extension).values(
    ACME_NAMES.map((name, i) => {
      const number = 201 + i;
      const user = acmeLinked.get(number);
      return {
        corpId: acme.id,
        number: String(number),
        pass: `acme-${number}`,
        userId: user?.id ?? null,
        description: user?.name ?? name,
        vmpass: String(number),
        callgroup: number <= 212 ? 1 : number <= 228 ? 2 : number <= 236 ? 3 : 0,
        // a few browser softphones with several devices, one on external transfer when busy, two switched off
        portType: number % 10 === 5 ? 'WSS' : 'UDP',
        maxContacts: number % 10 === 5 ? 3 : 1,
        onbusy: number === 210 ? 'exTouch' : 'voicemail',
        outer: number === 210 ? '5511987654321' : '',
        enabled: number !== 239 && number !== 240,
        spy: number === 202,
      };
    }),
  );
  await db.insert(extension).values(
    GLOBEX_NAMES.map((name, i) => {
      const number = 1001 + i;
      return { corpId: globex.id, number: String(number), pass: `globex-${number}`, description: name, vmpass: String(number) };
    }),
  );

  const queues = await db
    .insert(queue)
    .values([
      { corpId: acme.id, name: 'Sales', strategy: 'ringall', timeout: null, serviceLevel: 30 },
      { corpId: acme.id, name: 'Support', strategy: 'rrmemory', timeout: 15, announcePosition: true, announceFrequency: 30, serviceLevel: 60 },
      { corpId: acme.id, name: 'Billing', strategy: 'leastrecent', timeout: 20, serviceLevel: 120 },
      { corpId: globex.id, name: 'Helpdesk', strategy: 'fewestcalls', timeout: 15, autoFill: true, serviceLevel: 60 },
    ])
    .returning({ id: queue.id, name: queue.name });
  const queueId = (name: string) => queues.find((q) => q.name === name)!.id;
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String(from + i));
  const members = (corpId: number, name: string, numbers: string[]) => numbers.map((extenNumber) => ({ queueId: queueId(name), corpId, extenNumber }));
  await db.insert(queueMember).values([
    ...members(acme.id, 'Sales', range(201, 212)),
    ...members(acme.id, 'Support', range(213, 228)),
    ...members(acme.id, 'Billing', range(229, 236)),
    ...members(globex.id, 'Helpdesk', range(1001, 1008)),
  ]);
}

/** Display names of the demo extensions (the description; userName falls back to it). */
const ACME_NAMES = [
  'Ana Souza', 'Adam Admin', 'Olivia Owner', 'Bruno Lima', 'Carla Mendes', 'Diego Torres', 'Elena Rossi', 'Felipe Costa',
  'Gabriela Ruiz', 'Hugo Martins', 'Isabel Ferreira', 'Javier Ortega', 'Karen Miller', 'Lucas Almeida', 'Marta Gomez', 'Nicolas Silva',
  'Olga Petrova', 'Pedro Santos', 'Quinn Harper', 'Rafaela Dias', 'Samuel Reyes', 'Tatiana Lopes', 'Ulises Vargas', 'Valeria Castro',
  'William Brown', 'Ximena Flores', 'Yuri Nakamura', 'Zoe Carter', 'Andre Barbosa', 'Beatriz Rocha', 'Camilo Herrera', 'Daniela Pinto',
  'Eduardo Moreno', 'Fernanda Cruz', 'Gustavo Ribeiro', 'Helena Duarte', 'Ivan Navarro', 'Julia Teixeira', 'Kevin Walsh', 'Laura Medina',
];
const GLOBEX_NAMES = [
  'Hank Scorpio', 'Maria Oliveira', 'Tomas Alvarez', 'Sofia Marques', 'Peter Novak', 'Lucia Fernandez',
  'Mateus Araujo', 'Claire Dubois', 'Rodrigo Paredes', 'Nina Kowalski', 'Oscar Lindqvist', 'Paula Cardoso',
];
