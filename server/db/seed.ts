import { randomBytes } from 'node:crypto';
import { and, count, eq, inArray } from 'drizzle-orm';
import { DEFAULT_COLOURS, DEFAULT_DESTINATION_GROUPS, DEFAULT_PARAMETERS, defaultMonPath, defaultViews, MAIL_PARAMS, type ViewGrant } from '../../domain';
import { randomSipPassword, randomVoicemailPin } from '../asterisk/sip-passwords';
import { hashPassword, type HashOptions } from '../auth/passwords';
import type { Db } from './database';
import { pauseReason } from './schema-agents';
import { meeting, meetingRoom, meetingRoomUser, meetingUser } from './schema-meetings';
import { tariff } from './schema-reports';
import {
  appUser,
  corp,
  destinationGroup,
  extension,
  followMe,
  ivr,
  lookAndFeel,
  mailParameter,
  parameter,
  poll,
  question,
  queue,
  queueMember,
  restrictionCorp,
  restrictionExten,
  restrictionIn,
  roleGroup,
  sipRoute,
  sipServer,
  speedDialCorp,
  speedDialExten,
  timeCondition,
  timeExten,
  timeExtenOption,
  timeOption,
  trunk,
} from './schema';

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
  // C-DG-03: the destination groups every platform starts with
  await db.insert(destinationGroup).values(DEFAULT_DESTINATION_GROUPS.map((g) => ({ name: g.name, patterns: [...g.patterns] })));
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

export interface DemoSeedOptions {
  /**
   * a real Asterisk reads the demo's SIP secrets (a PBX=ari start with CALLBOARD_DEMO=1, I-SEC-01):
   * random SIP passwords, voicemail PINs and trunk secret instead of the guessable `{corp}-{number}`
   */
  strongSecrets?: boolean;
}

/**
 * The demo tenants (ARCHITECTURE "demo tenants"): corps supervisor (1), acme (2), globex (3); all
 * users with password `callboard`, hashed once. acme has extensions 201-240 and the queues Sales
 * (ringall, 12 members), Support (rrmemory, 16) and Billing (leastrecent, 8); globex has 1001-1012
 * and Helpdesk (8 members). SIP passwords are `{corp}-{number}` (the simulator speaks no SIP, and the
 * tests against a real Asterisk register phones with them), random ones with `strongSecrets`.
 */
export async function seedDemo(db: Db, hash: HashOptions, passHash?: string, options: DemoSeedOptions = {}): Promise<void> {
  const passwordHash = passHash ?? (await hashPassword(DEMO_PASSWORD, hash));
  const sipPass = (corpUrl: string, number: number) => (options.strongSecrets ? randomSipPassword(String(number)) : `${corpUrl}-${number}`);
  const vmPin = (number: number) => (options.strongSecrets ? randomVoicemailPin(String(number)) : String(number));
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
    // their browser softphones (port type WSS below): the web phone's dropdown (B-WP-02)
    [205, userOf(acme.id, 'agent')],
    [215, userOf(acme.id, 'admin')],
  ]);
  await db.insert(extension).values(
    ACME_NAMES.map((name, i) => {
      const number = 201 + i;
      const user = acmeLinked.get(number);
      return {
        corpId: acme.id,
        number: String(number),
        pass: sipPass('acme', number),
        userId: user?.id ?? null,
        description: user?.name ?? name,
        vmpass: vmPin(number),
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
      return { corpId: globex.id, number: String(number), pass: sipPass('globex', number), description: name, vmpass: vmPin(number) };
    }),
  );

  // service levels the busy demo floor meets most of the time (server/pbx/simulator/config.ts TRAFFIC_PRESETS)
  const queues = await db
    .insert(queue)
    .values([
      // a 10 s wrap-up after each call, as the busy floor is sized (G-AGS-01: the wall shows it)
      { corpId: acme.id, name: 'Sales', strategy: 'ringall', timeout: null, serviceLevel: 60, wrapupSec: 10 },
      { corpId: acme.id, name: 'Support', strategy: 'rrmemory', timeout: 15, announcePosition: true, announceFrequency: 30, serviceLevel: 60, wrapupSec: 10 },
      { corpId: acme.id, name: 'Billing', strategy: 'leastrecent', timeout: 20, serviceLevel: 120, wrapupSec: 10 },
      { corpId: globex.id, name: 'Helpdesk', strategy: 'fewestcalls', timeout: 15, autoFill: true, serviceLevel: 60, wrapupSec: 10 },
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

  // what agents pick when they pause (G-PAU-01); a productive one counts as work in the agent report
  await db.insert(pauseReason).values(
    [acme.id, globex.id].flatMap((corpId) => [
      { corpId, name: 'Lunch', code: 'LUNCH', productive: false, maxMinutes: 60 },
      { corpId, name: 'Break', code: 'BREAK', productive: false, maxMinutes: 15 },
      { corpId, name: 'Training', code: 'TRAIN', productive: true, maxMinutes: null },
      { corpId, name: 'Back office', code: 'BACKOFF', productive: true, maxMinutes: 45 },
    ]),
  );

  await seedRouting(db, { acme: acme.id, globex: globex.id }, queueId, options.strongSecrets ? randomSipPassword() : 'acme-trunk');
  await seedMeetings(db, acme.id, { admin: userOf(acme.id, 'admin').id, agent: userOf(acme.id, 'agent').id, owner: userOf(acme.id, 'owner').id });
}

/**
 * The demo's routing and rules, so a new user finds every configuration screen with something in it:
 * a carrier server, acme's main number (business hours to Sales, else hang up) and its outbound trunk
 * with SIP routes, Billing's own line, globex's number to Helpdesk, speed dials, follow-me, restrictions and schedules;
 * then what callers hear and answer (seedCallerJourney).
 */
async function seedRouting(db: Db, corps: { acme: number; globex: number }, queueId: (name: string) => number, trunkPass: string): Promise<void> {
  const [carrier] = await db.insert(sipServer).values({ name: 'Carrier', ip: 'sip.carrier.example', port: 5060 }).returning({ id: sipServer.id });
  const [hours] = await db.insert(timeCondition).values({ corpId: corps.acme, name: 'Business hours', defaultAction: 'hangup' }).returning({ id: timeCondition.id });
  await db.insert(timeOption).values([
    { timeId: hours.id, corpId: corps.acme, from: '08:00', to: '18:00', days: 'Mon-Tue-Wed-Thu-Fri', action: `queue:${queueId('Sales')}` },
    { timeId: hours.id, corpId: corps.acme, from: '09:00', to: '13:00', days: 'Sat', action: `queue:${queueId('Support')}` },
  ]);
  const trunks = await db
    .insert(trunk)
    .values([
      { corpId: corps.acme, number: '551130001000', serverId: carrier.id, action: `time:${hours.id}`, registerTrunk: true, pass: trunkPass, outboundAuthRegister: true, outboundAuth: '551130001000' },
      { corpId: corps.acme, number: '551130001001', serverId: carrier.id, action: `queue:${queueId('Billing')}`, preference: true },
      { corpId: corps.globex, number: '551140002000', serverId: carrier.id, action: `queue:${queueId('Helpdesk')}` },
    ])
    .returning({ id: trunk.id, number: trunk.number });
  const acmeTrunk = trunks[0].id;
  await db.insert(sipRoute).values([
    { corpId: corps.acme, trunkId: acmeTrunk, pattern: '0.T', translation: '0.T', comment: 'National and international' },
    { corpId: corps.acme, trunkId: acmeTrunk, pattern: '9.T', translation: '9.T', comment: 'Local mobiles' },
    { corpId: corps.globex, trunkId: trunks[2].id, pattern: '0.T', translation: '0.T', comment: 'Everything out' },
  ]);
  await db.insert(speedDialCorp).values([
    { corpId: corps.acme, number: 10, action: `enqueue_${corps.acme}_${queueId('Sales')}` },
    { corpId: corps.acme, number: 11, action: `login_${corps.acme}_${queueId('Support')}` },
    { corpId: corps.acme, number: 12, action: `logout_${corps.acme}_${queueId('Support')}` },
    { corpId: corps.acme, number: 20, action: 'VoiceMailMain' },
  ]);
  const [ext201] = await db.select({ id: extension.id }).from(extension).where(and(eq(extension.corpId, corps.acme), eq(extension.number, '201')));
  await db.insert(speedDialExten).values({ corpId: corps.acme, extenId: ext201.id, number: 1, action: 'exten:202' });
  await db.insert(followMe).values([
    { corpId: corps.acme, extenId: ext201.id, number: '202', order: 0, timeout: 20 },
    { corpId: corps.acme, extenId: ext201.id, number: '5511987650201', order: 1, timeout: 30 },
  ]);
  const groups = await db.select({ id: destinationGroup.id, name: destinationGroup.name }).from(destinationGroup);
  const group = (name: string) => groups.find((g) => g.name === name)!.id;
  await db.insert(restrictionCorp).values([
    { corpId: corps.acme, destType: 4, pattern: 'DestinationGroup', groupId: group('International'), permit: 2, pin: '4321' },
    { corpId: corps.acme, destType: 3, pattern: '0900T', permit: 0 },
  ]);
  await db.insert(restrictionExten).values({ corpId: corps.acme, extenId: ext201.id, destType: 4, pattern: 'DestinationGroup', groupId: group('National mobile'), permit: 1 });
  await db.insert(restrictionIn).values({ corpId: corps.acme, pattern: '551199990000', permit: 0, comment: 'Known spam caller' });
  // acme's tariff, so the demo's billing figures are not R$ 0,00 until a supervisor sets one: a
  // Brazilian carrier's "30 + 6" billing (30 s minimum, then 6 s steps) per destination group
  await db.insert(tariff).values(
    (
      [
        ['Local landline', '0.0900'],
        ['Local mobile', '0.3500'],
        ['National landline', '0.1900'],
        ['National mobile', '0.5900'],
        ['International', '1.8000'],
      ] as const
    ).map(([name, pricePerMinute]) => ({ corpId: corps.acme, groupId: group(name), pricePerMinute, minimumSec: 30, incrementSec: 6 })),
  );
  const [office] = await db.insert(timeExten).values({ corpId: corps.acme, name: 'Office hours' }).returning({ id: timeExten.id });
  await db.insert(timeExtenOption).values({ timeId: office.id, corpId: corps.acme, from: '08:00', to: '17:00', days: 'Mon-Tue-Wed-Thu-Fri' });
  // two back-office extensions take calls in office hours only
  await db
    .update(extension)
    .set({ timeExtensId: office.id })
    .where(and(eq(extension.corpId, corps.acme), inArray(extension.number, ['229', '230'])));
  await seedCallerJourney(db, corps.acme, queueId, carrier.id);
}

/**
 * acme's callers' side, so the simulator leaves IVR choices, poll answers and voicemails for the
 * reports on a fresh start: a welcome menu in front of the queues (1 Sales, 2 Support, 3 Billing) on
 * the service line 551130001002, answered at any hour (the simulator, like Asterisk, sends callers
 * only where a trunk leads, H-WARM-02: this line keeps every queue of the busy demo floor reached
 * whatever the time, beside the main number's business hours and Billing's own line), a
 * two-question survey after Sales calls, and two extensions outside the queues whose unanswered calls
 * go to voicemail (every extension's busy action is voicemail already). No sounds: users upload them,
 * and the simulator does not play them.
 */
async function seedCallerJourney(db: Db, acme: number, queueId: (name: string) => number, carrierId: number): Promise<void> {
  const [welcome] = await db
    .insert(ivr)
    .values({
      corpId: acme,
      name: 'Acme welcome',
      option1: `queue:${queueId('Sales')}`,
      option2: `queue:${queueId('Support')}`,
      option3: `queue:${queueId('Billing')}`,
    })
    .returning({ id: ivr.id });
  await db.insert(trunk).values({ corpId: acme, number: '551130001002', serverId: carrierId, action: `ivr:${welcome.id}`, outgoing: false });
  const [survey] = await db.insert(poll).values({ corpId: acme, name: 'Sales survey', description: 'Two questions after a sales call' }).returning({ id: poll.id });
  await db.insert(question).values([
    { corpId: acme, pollId: survey.id, name: 'Did we solve what you called about', orderSequencial: 1 },
    { corpId: acme, pollId: survey.id, name: 'How would you rate the agent', orderSequencial: 2 },
  ]);
  await db.update(queue).set({ pollId: survey.id }).where(eq(queue.id, queueId('Sales')));
  await db
    .update(extension)
    .set({ action: 'voicemail' })
    .where(and(eq(extension.corpId, acme), inArray(extension.number, ['237', '238'])));
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

/**
 * The demo's meeting rooms and calendar (issue 11, E-ROOM, E-CAL, E-MEET): acme is registered with
 * our meeting service (rooms on) and has three rooms and four meetings: one starting within the alert
 * window (E-CAL-11), one later today, one tomorrow and one in three days, so the calendar, the rooms
 * screen and the top bar's Meetings popup all have something to show. globex stays off.
 */
async function seedMeetings(db: Db, acme: number, users: { admin: number; agent: number; owner: number }): Promise<void> {
  await db.update(corp).set({ roomEnabled: true }).where(eq(corp.id, acme));
  const rooms = await db
    .insert(meetingRoom)
    .values([
      { corpId: acme, name: 'Daily standup', allUsers: true },
      { corpId: acme, name: 'Sales huddle', allUsers: false },
      { corpId: acme, name: 'Board room', allUsers: false },
    ])
    .returning({ id: meetingRoom.id, name: meetingRoom.name });
  const roomId = (name: string) => rooms.find((r) => r.name === name)!.id;
  await db.insert(meetingRoomUser).values([
    { roomId: roomId('Sales huddle'), userId: users.admin },
    { roomId: roomId('Sales huddle'), userId: users.agent },
    { roomId: roomId('Board room'), userId: users.owner },
    { roomId: roomId('Board room'), userId: users.admin },
  ]);

  const now = Date.now();
  const minute = 60_000;
  const day = 86_400_000;
  const dayAt = (offsetDays: number, hourUtc: number) => {
    const d = new Date(now + offsetDays * day);
    d.setUTCHours(hourUtc, 0, 0, 0);
    return d;
  };
  const soon = new Date(Math.ceil((now + 20 * minute) / (5 * minute)) * 5 * minute);
  const later = new Date(soon.getTime() + 3 * 60 * minute);
  const meetings = await db
    .insert(meeting)
    .values([
      { corpId: acme, roomId: roomId('Daily standup'), name: 'Team standup', topic: 'What we did, what we do next, what blocks us', startsAt: soon, endsAt: new Date(soon.getTime() + 15 * minute), allUsers: true, creatorId: users.admin },
      { corpId: acme, roomId: roomId('Sales huddle'), name: 'Sales pipeline review', topic: 'The week\'s open deals', startsAt: later, endsAt: new Date(later.getTime() + 45 * minute), allUsers: false, creatorId: users.admin },
      { corpId: acme, roomId: null, name: 'Queue planning', topic: 'Staffing of Support and Billing for next month', startsAt: dayAt(1, 14), endsAt: dayAt(1, 15), allUsers: false, creatorId: users.agent },
      { corpId: acme, roomId: roomId('Board room'), name: 'Quarterly review', topic: 'Service levels and spend of the quarter', startsAt: dayAt(3, 13), endsAt: dayAt(3, 15), allUsers: false, creatorId: users.owner },
    ])
    .returning({ id: meeting.id, name: meeting.name });
  const meetingId = (name: string) => meetings.find((m) => m.name === name)!.id;
  await db.insert(meetingUser).values([
    { meetingId: meetingId('Sales pipeline review'), userId: users.admin },
    { meetingId: meetingId('Sales pipeline review'), userId: users.agent },
    { meetingId: meetingId('Queue planning'), userId: users.agent },
    { meetingId: meetingId('Queue planning'), userId: users.admin },
    { meetingId: meetingId('Quarterly review'), userId: users.owner },
    { meetingId: meetingId('Quarterly review'), userId: users.admin },
  ]);
}
