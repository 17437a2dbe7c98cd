import { expect, it } from 'vitest';
import type { Action } from '../../domain';
import { refusedSingletonMethods, resourceWrites, SINGLETONS, type ResourceWrite, type SingletonName } from '../../domain';
import { BINDINGS, SINGLETON_BINDINGS } from '../../server/resources';
import { OpenApiContract } from './fixtures/openapi-contract';
import { CALLERS, describeEachDatabase, MANUAL_SIMULATOR, type Caller, type Ids } from './fixtures/test-app';

type Who = keyof typeof CALLERS;
const WHO: Who[] = ['anonymous', 'super', 'owner', 'admin', 'agent', 'wall', 'globexAdmin'];
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Expected = [number, number, number, number, number, number, number];
type Row = [method: Method, url: (ids: Ids) => string, expected: Expected, body?: unknown];

/**
 * F-PERM: every route × who calls → the status it answers. Columns: anonymous, level 1 (super),
 * level 2 (acme owner), level 3 (acme admin), level 4 (acme agent), level 5 (acme wall), and a level 3
 * of another corp (globex admin). Writes send an empty body, so a caller who passes the permission
 * check gets 400 (validation) or 404 (no such row) and nothing changes: permission comes first.
 *
 * The rows of the registered resources are generated from RESOURCE_ACCESS below (one line per
 * resource, written by hand: who may read, create, update, delete), and a test fails when a registered
 * resource has no line or when any route of the OpenAPI document has no row, so a new route cannot
 * ship without its matrix row.
 */

/** Who may do each action of a registered resource: a mask over super, owner, admin, agent, wall, globex admin. */
const RESOURCE_ACCESS: Record<string, Record<Action, string>> = {
  corp: { read: '100000', create: '100000', update: '100000', delete: '100000' },
  user: { read: '111001', create: '111001', update: '111001', delete: '111001' },
  roleGroup: { read: '111001', create: '111001', update: '111001', delete: '111001' },
  // issue 13: level 5 (wall) reads extensions and queues, what its panel shows (spec 1: a panel-only
  // user; B-PNL-01..12); it was 403, so its panel said "No queues." Still no write for level 5.
  extension: { read: '111111', create: '111001', update: '111101', delete: '111001' },
  queue: { read: '111011', create: '111001', update: '111001', delete: '111001' },
  kioskScreen: { read: '111011', create: '111001', update: '111001', delete: '111001' },
  server: { read: '100000', create: '100000', update: '100000', delete: '100000' },
  trunk: { read: '111001', create: '100000', update: '111001', delete: '100000' },
  sipRoute: { read: '100000', create: '100000', update: '100000', delete: '100000' },
  speedDialCorp: { read: '111001', create: '111001', update: '111001', delete: '111001' },
  speedDialExten: { read: '111001', create: '111001', update: '111001', delete: '111001' },
  follow: { read: '111101', create: '111001', update: '111001', delete: '111001' },
  destinationGroup: { read: '111001', create: '100000', update: '100000', delete: '100000' },
  restrictionCorp: { read: '111001', create: '111001', update: '111001', delete: '111001' },
  restrictionExten: { read: '111001', create: '111001', update: '111001', delete: '111001' },
  restrictionIn: { read: '100000', create: '100000', update: '100000', delete: '100000' },
  time: { read: '111001', create: '111001', update: '111001', delete: '111001' },
  timeExten: { read: '111001', create: '111001', update: '111001', delete: '111001' },
  mediaServer: { read: '100000', create: '100000', update: '100000', delete: '100000' },
  ivr: { read: '111001', create: '111001', update: '111001', delete: '111001' },
  poll: { read: '111001', create: '111001', update: '111001', delete: '111001' },
  question: { read: '111001', create: '111001', update: '111001', delete: '111001' },
  mohCorp: { read: '111001', create: '111001', update: '111001', delete: '111001' },
  mohQueue: { read: '111001', create: '111001', update: '111001', delete: '111001' },
  integration: { read: '111001', create: '111001', update: '111001', delete: '111001' },
  dialer: { read: '111001', create: '111001', update: '111001', delete: '111001' },
  voicemail: { read: '111101', create: '000000', update: '000000', delete: '000000' },
  // G-PAU-01: queue configuration (the agents pick them through GET /agent/reasons)
  pauseReason: { read: '111011', create: '111001', update: '111001', delete: '111001' },
  // E-C2C-05 (J-ONE-02: a resource since issue 24): levels 1 (working corp), 2, 3; level 1 without one gets 400
  clickToCallKey: { read: '111001', create: '111001', update: '111001', delete: '111001' },
};

/**
 * The singletons (J-ONE-02): who may read and save each (same masks), the status an allowed caller gets
 * (a tariff needs a working corp: level 1 without one gets 400), and a save body that is refused (400)
 * so the matrix changes nothing. Their other write methods answer 405 to everyone.
 */
const SINGLETON_ACCESS: Record<SingletonName, { read: string; update: string; readStatus: number; badBody: unknown }> = {
  // any signed-in user reads it (the shell paints with it); levels 1-3 save it, globex has no allowCustom (A-RTE-11)
  lookAndFeel: { read: '111111', update: '111000', readStatus: 200, badBody: { menuColor: 'not a colour' } },
  tariff: { read: '100000', update: '100000', readStatus: 400, badBody: [{ groupId: 0 }] },
  // everyone reads the public system parameters (A-MENU-06/08)
  systemParameters: { read: '111111', update: '100000', readStatus: 200, badBody: {} },
  mailParameters: { read: '100000', update: '100000', readStatus: 200, badBody: {} },
};

function singletonRows(): Row[] {
  return (Object.keys(SINGLETON_BINDINGS) as SingletonName[]).flatMap((name) => {
    const definition = SINGLETONS[name];
    const access = SINGLETON_ACCESS[name];
    const base = `/api/v1/${definition.path}`;
    // the bad body's 400 (level 1's tariff: its 400 for want of a working corp, before the body is read)
    const saveStatus = 400;
    const rows: Row[] = [
      ['GET', () => base, expectedFor(access.read, access.readStatus)],
      [definition.save ?? 'PUT', () => base, expectedFor(access.update, saveStatus), access.badBody],
    ];
    if (definition.patch) rows.push(['PATCH', () => base, expectedFor(access.update, saveStatus), access.badBody]);
    for (const method of refusedSingletonMethods(definition)) rows.push([method, () => base, [405, 405, 405, 405, 405, 405, 405], {}]);
    return rows;
  });
}

/** The status of a caller allowed the action (the missing row 999999, or an empty body) or refused it. */
function expectedFor(mask: string, allowed: number): Expected {
  return [401, ...mask.split('').map((c) => (c === '1' ? allowed : 403))] as Expected;
}

/** expectedFor on a resource: one of one corp at a time asks level 1 without a working corp for one (400) before anything else. */
function expectedOn(definition: { workingCorpRequired?: boolean }, mask: string, allowed: number): Expected {
  const expected = expectedFor(mask, allowed);
  if (definition.workingCorpRequired && mask[0] === '1') expected[1] = 400;
  return expected;
}

function generatedRows(): Row[] {
  return Object.values(BINDINGS).flatMap((binding) => {
    const { definition } = binding!;
    const access = RESOURCE_ACCESS[definition.name];
    if (!access) return [];
    const base = `/api/v1/${definition.path}`;
    const rows: Row[] = [
      ['GET', () => base, expectedOn(definition, access.read, 200)],
      ['GET', () => `${base}/999999`, expectedOn(definition, access.read, 404)],
    ];
    // a write the resource does not take (a read-only one takes none, the click-to-call keys only
    // creates) has no route: it answers 404 to everyone
    const writes = resourceWrites(definition);
    const unrouted: Expected = [404, 404, 404, 404, 404, 404, 404];
    const takes = (write: ResourceWrite, mask: string, allowed: number): Expected => (writes.includes(write) ? expectedOn(definition, mask, allowed) : unrouted);
    rows.push(
      ['POST', () => base, takes('create', access.create, 400), {}],
      ['PUT', () => base, takes('update', access.update, 400), {}],
      ['PUT', () => `${base}/999999`, takes('update', access.update, 404), {}],
      // J-API-02: a partial update, with the update's rights
      ['PATCH', () => `${base}/999999`, takes('update', access.update, 404), {}],
      ['DELETE', () => `${base}/999999`, takes('delete', access.delete, 404)],
    );
    for (const action of definition.rowActions ?? []) rows.push(['POST', () => `${base}/999999/${action.name}`, expectedOn(definition, access[action.permission], 404)]);
    if (definition.bulk) rows.push(['POST', () => `${base}/bulk`, expectedOn(definition, access.create, 400), []]);
    for (const field of definition.fields.filter((f) => f.kind === 'file')) rows.push(['GET', () => `${base}/999999/files/${field.name}`, expectedOn(definition, access.read, 404)]);
    if (definition.fileFetchPath) rows.push(['GET', () => `/api/v1/${definition.fileFetchPath}/no-such-file.wav`, expectedOn(definition, access.read, 404)]);
    return rows;
  });
}

/** A valid report period (today) for the report rows. */
const REPORT_DAY = { from: new Date(Date.now() - 3_600_000).toISOString(), to: new Date().toISOString() };
const REPORT_DAY_CDR = { ...REPORT_DAY, detailed: true, type: 1 };

/** Routes that are not generic resource routes, or rows on real acme and globex ids (tenancy: 404 for other corps). */
const SPECIAL: Row[] = [
  //                                                          anon  L1   L2   L3   L4   L5   other corp
  ['GET', () => '/api/v1/health', /*                    */ [200, 200, 200, 200, 200, 200, 200]],
  ['GET', () => '/api/v1/lookandfeel/acme', /*          */ [200, 200, 200, 200, 200, 200, 200]],
  ['GET', () => '/api/v1/lookandfeel/acme/images/loginImage', [404, 404, 404, 404, 404, 404, 404]],
  ['POST', () => '/api/v1/login', /*                    */ [400, 400, 400, 400, 400, 400, 400], {}],
  ['GET', () => '/api/v1/myuser', /*                    */ [401, 200, 200, 200, 200, 200, 200]],
  ['POST', () => '/api/v1/refresh', /*                  */ [401, 200, 200, 200, 200, 200, 200]],
  ['GET', () => '/api/v1/user/getTheme', /*             */ [401, 200, 200, 200, 200, 200, 200]],
  ['POST', () => '/api/v1/user/setTheme', /*            */ [401, 400, 400, 400, 400, 400, 400], {}],
  ['GET', () => '/api/v1/user/getLang', /*              */ [401, 200, 200, 200, 200, 200, 200]],
  ['POST', () => '/api/v1/user/setLang', /*             */ [401, 400, 400, 400, 400, 400, 400], {}],
  ['PUT', () => '/api/v1/user/profile', /*              */ [401, 400, 400, 400, 400, 400, 400], {}],
  ['GET', () => '/api/v1/getExchange', /*               */ [401, 200, 200, 200, 200, 200, 200]],
  ['GET', () => '/api/v1/exten/datapc', /*              */ [401, 200, 403, 403, 403, 403, 403]],
  ['GET', () => '/api/v1/corp/actions', /*              */ [401, 200, 200, 200, 200, 200, 200]],
  // G-PRM-01: the agent actions decide on the target extension (its own, or the action's permission): the
  // bodies name acme's 204 (not the agent's) in a queue where the action changes nothing, so a caller
  // allowed to act gets 409 and one refused 403; the supervisor (no working corp) and globex find no 204
  ['POST', () => '/api/v1/agent/pause', /*              */ [401, 404, 409, 409, 403, 403, 404], { number: '204', queueId: 3, reason: 'LUNCH' }],
  ['POST', () => '/api/v1/agent/unpause', /*            */ [401, 404, 409, 409, 403, 403, 404], { number: '204', queueId: 3 }],
  ['POST', () => '/api/v1/agent/login', /*              */ [401, 404, 409, 409, 403, 403, 404], { number: '204', queueId: 1 }],
  ['POST', () => '/api/v1/agent/logout', /*             */ [401, 404, 409, 409, 403, 403, 404], { number: '204', queueId: 3 }],
  ['PUT', () => '/api/v1/agent/dnd', /*                 */ [401, 404, 200, 200, 403, 403, 404], { number: '204', on: false }],
  ['GET', () => '/api/v1/agent/reasons', /*             */ [401, 200, 200, 200, 200, 200, 200]],
  // G-PRM-01 on live calls: acme's 204 (Spy off in the demo, in no call) from 201's phone; allowed → 409
  // (spy off, no call), refused → 403 (the agent may not spy or record; its own call it may transfer, 204's
  // not); the supervisor without a working corp and globex find no 204
  ['POST', () => '/api/v1/call/spy', /*                 */ [401, 404, 409, 409, 403, 403, 404], { number: '204', mode: 'listen', from: '201' }],
  ['POST', () => '/api/v1/call/record', /*              */ [401, 404, 409, 409, 403, 403, 404], { number: '204', on: true }],
  ['POST', () => '/api/v1/call/transfer', /*            */ [401, 404, 409, 409, 403, 403, 404], { number: '204', to: '202' }],
  ['POST', () => '/api/v1/kiosk/session', /*            */ [400, 400, 400, 400, 400, 400, 400], {}],
  ['GET', () => '/api/v1/kiosk/self', /*                */ [401, 401, 401, 401, 401, 401, 401]],
  // the supervisor without a working corp reads its own (system) corp's trend
  ['GET', () => `/api/v1/kiosk/trend?todayStart=${Date.now() - 3_600_000}&yesterdayStart=${Date.now() - 3_600_000 - 86_400_000}`, [401, 200, 200, 200, 403, 200, 200]],
  // H-HMAP-01: the heatmap board's data, read as the trend is
  ['GET', () => '/api/v1/kiosk/heatmap', /*             */ [401, 200, 200, 200, 403, 200, 200]],
  // H-FLEET-01, H-TICK-01: the fleet and the ticker are read by kiosk readers, the ticker written by levels 1-3 (domain
  // KIOSK_TICKER_ACCESS); H-NOC-01: a NOC screen's routes take its kiosk token only (a user's is no kiosk token: 401)
  ['GET', () => '/api/v1/kiosk/fleet', /*               */ [401, 200, 200, 200, 403, 200, 200]],
  ['GET', () => '/api/v1/kiosk/ticker', /*              */ [401, 200, 200, 200, 403, 200, 200]],
  ['POST', () => '/api/v1/kiosk/ticker', /*             */ [401, 400, 400, 400, 403, 403, 400], {}],
  ['DELETE', () => '/api/v1/kiosk/ticker/999999', /*    */ [401, 404, 404, 404, 403, 403, 404]],
  ['GET', () => '/api/v1/kiosk/noc', /*                 */ [401, 401, 401, 401, 401, 401, 401]],
  ['POST', () => '/api/v1/kiosk/noc/token', /*          */ [401, 401, 401, 401, 401, 401, 401], {}],
  ['GET', (i) => `/api/v1/corp/${i.corp.acme}`, /*      */ [401, 200, 200, 200, 200, 200, 403]],
  ['GET', (i) => `/api/v1/corp/${i.corp.globex}`, /*    */ [401, 200, 403, 403, 403, 403, 200]],
  ['PUT', (i) => `/api/v1/corp/${i.corp.acme}`, /*      */ [401, 400, 403, 403, 403, 403, 403], {}],
  ['DELETE', (i) => `/api/v1/corp/${i.corp.acme}`, /*   */ [401, 409, 403, 403, 403, 403, 403]],
  ['GET', (i) => `/api/v1/user/${i.user.agent}`, /*     */ [401, 200, 200, 200, 403, 403, 404]],
  ['PUT', (i) => `/api/v1/user/${i.user.agent}`, /*     */ [401, 400, 400, 400, 403, 403, 404], {}],
  ['GET', (i) => `/api/v1/rolegroup/${i.roleGroup.agents}`, [401, 200, 200, 200, 403, 403, 404]],
  ['PUT', (i) => `/api/v1/rolegroup/${i.roleGroup.agents}`, [401, 400, 400, 400, 403, 403, 404], {}],
  ['DELETE', (i) => `/api/v1/rolegroup/${i.roleGroup.agents}`, [401, 409, 409, 409, 403, 403, 404]],
  // issue 13: level 5 reads an extension of its corp (the panel's info tooltip), was 403
  ['GET', (i) => `/api/v1/extension/${i.extension.acme201}`, [401, 200, 200, 200, 200, 200, 404]],
  // an invalid action: level 4 changes an extension's action too
  ['PUT', (i) => `/api/v1/extension/${i.extension.acme201}`, [401, 400, 400, 400, 400, 403, 404], { action: 'nope' }],
  // 201 is a member of Sales: 521 for those allowed to delete
  ['DELETE', (i) => `/api/v1/extension/${i.extension.acme201}`, [401, 521, 521, 521, 403, 403, 404]],
  // issue 13: level 5 reads a queue of its corp (the panel's queue list), was 403
  ['GET', (i) => `/api/v1/queue/${i.queue.sales}`, /*   */ [401, 200, 200, 200, 403, 200, 404]],
  ['PUT', (i) => `/api/v1/queue/${i.queue.sales}`, /*   */ [401, 400, 400, 400, 403, 403, 404], {}],
  // the PBX routes (mounted with the real-time side)
  ['POST', () => '/api/v1/astqueue', /*                 */ [401, 400, 400, 400, 403, 403, 400], {}],
  ['DELETE', () => '/api/v1/astqueue/999999', /*        */ [401, 404, 404, 404, 403, 403, 404]],
  // issue 13: level 5 opens the panel's IP dialog of an online extension (B-PNL-05), was 403
  ['GET', () => '/api/v1/exten/ip/201', /*              */ [401, 200, 200, 200, 200, 200, 200]],
  ['POST', () => '/api/v1/originate', /*                */ [401, 400, 400, 400, 400, 400, 400], {}],
  // C-TRK-13: the trunk action resource, with the trunk's update permission
  ['PUT', () => '/api/v1/trunkaction', /*               */ [401, 400, 400, 400, 403, 403, 400], {}],
  // C-DIA-02: a campaign's statistics, with the dialer view's read (999999: none, 404)
  ['GET', () => '/api/v1/dialer/999999/stats', /*       */ [401, 404, 404, 404, 403, 403, 404]],
  // C-TC-13: the options of the time conditions, with the time view's read
  ['GET', () => '/api/v1/timeoption', /*                */ [401, 200, 200, 200, 403, 403, 200]],
  // reports (issue 10): a corp's reports need a corp, so level 1 without a working corp gets 400; ids of
  // another corp read as missing (404) or as nothing (no rows); dashboards: the corp, or every corp for level 1
  ['POST', () => '/api/v1/cdrs', /*                     */ [401, 400, 400, 400, 400, 403, 400], {}],
  ['POST', () => '/api/v1/cdrs', /*                     */ [401, 400, 200, 200, 200, 403, 200], REPORT_DAY_CDR],
  ['GET', () => '/api/v1/cdrs/getsound/999999', /*      */ [401, 400, 404, 404, 404, 403, 404]],
  ['POST', () => '/api/v1/statistics/queue', /*         */ [401, 400, 200, 200, 200, 403, 200], { ...REPORT_DAY, queue: 0 }],
  ['POST', (i) => `/api/v1/statistics/queue/${i.queue.sales}/calls`, [401, 400, 200, 200, 200, 403, 200], { ...REPORT_DAY, queue: 0 }],
  // G-RPT-01/02: the agent report and the service level by hour, with the queue statistics' view
  ['POST', () => '/api/v1/statistics/agents', /*      */ [401, 400, 200, 200, 200, 403, 200], { ...REPORT_DAY, queue: 0 }],
  ['POST', () => '/api/v1/statistics/queue/sla', /*   */ [401, 400, 200, 200, 200, 403, 200], { ...REPORT_DAY, queue: 0, tz: 'UTC' }],
  ['POST', () => '/api/v1/statistics/poll/999999/999999/0', [401, 400, 404, 404, 404, 403, 404], REPORT_DAY],
  ['POST', () => '/api/v1/statistics/poll/chart/999999', [401, 400, 404, 404, 404, 403, 404], REPORT_DAY],
  ['POST', () => '/api/v1/statistics/ivr/999999', /*    */ [401, 400, 404, 404, 404, 403, 404], REPORT_DAY],
  ['POST', () => '/api/v1/statistics/ivr/999999/chart', [401, 400, 404, 404, 404, 403, 404], REPORT_DAY],
  ['GET', () => '/api/v1/reports/corpdetail', /*        */ [401, 400, 200, 200, 200, 403, 200]],
  ['GET', () => '/api/v1/dash/kpi/days/0?tz=UTC', /*    */ [401, 200, 200, 200, 200, 403, 200]],
  ['GET', () => '/api/v1/dash/points/14?tz=UTC', /*     */ [401, 200, 200, 200, 200, 403, 200]],
  ['GET', () => '/api/v1/dash/days/7/costo/0/group/0', [401, 200, 403, 403, 403, 403, 403]],
  ['GET', () => '/api/v1/dash/extensions', /*           */ [401, 200, 403, 403, 403, 403, 403]],
  ['GET', () => '/api/v1/dash/inuse/extensions', /*     */ [401, 200, 200, 200, 200, 403, 200]],
  ['GET', () => '/api/v1/dash/inuse/queues', /*         */ [401, 200, 200, 200, 200, 403, 200]],
  // issue 11, our meeting service (E-ROOM, E-CAL, C-CORP-15/16): levels 1-4 (level 5 is panel-only); rooms
  // written and members read by levels 1-3; a corp's rooms need a corp (level 1 without a working corp:
  // 400); acme has rooms on, globex off (403 errors.roomsDisabled); registering a corp is level 1's
  ['POST', () => '/api/v1/meet/softwares/check-ip', /*  */ [401, 200, 200, 200, 200, 403, 200], {}],
  ['POST', () => '/api/v1/meet/corps/check-corpId', /*  */ [401, 400, 400, 400, 400, 403, 400], {}],
  ['GET', (i) => `/api/v1/meet/corps/corps/permitRooms?corpId=${i.corp.acme}&softwareId=1`, [401, 200, 200, 200, 200, 403, 404]],
  ['POST', () => '/api/v1/meet/corps', /*               */ [401, 400, 403, 403, 403, 403, 403], {}],
  ['DELETE', () => '/api/v1/meet/corps/corps?corpId=999999&softwareId=1', [401, 404, 403, 403, 403, 403, 403]],
  ['GET', () => '/api/v1/meet/users', /*                */ [401, 400, 200, 200, 200, 403, 403]],
  ['GET', () => '/api/v1/meet/rooms?softwareId=1', /*   */ [401, 400, 200, 200, 200, 403, 403]],
  ['POST', () => '/api/v1/meet/rooms/users', /*         */ [401, 400, 400, 400, 403, 403, 400], {}],
  ['POST', () => '/api/v1/meet/rooms/users', /*         */ [401, 400, 200, 200, 403, 403, 403], { name: 'Daily standup', softwareId: 1 }],
  ['POST', () => '/api/v1/meet/rooms', /*               */ [401, 400, 400, 400, 403, 403, 400], {}],
  ['PUT', () => '/api/v1/meet/rooms', /*                */ [401, 400, 400, 400, 403, 403, 400], {}],
  ['DELETE', () => '/api/v1/meet/rooms', /*             */ [401, 400, 400, 400, 403, 403, 400], {}],
  ['POST', () => '/api/v1/meet/DateRooms/rooms-from-date', [401, 400, 400, 400, 400, 403, 400], {}],
  ['POST', () => '/api/v1/meet/DateRooms/rooms-from-date', [401, 400, 200, 200, 200, 403, 403], { date: new Date().toISOString(), softwareId: 1 }],
  ['POST', () => '/api/v1/meet/DateRooms/rooms-by-date', [401, 400, 400, 400, 400, 403, 400], {}],
  ['POST', () => '/api/v1/meet/DateRooms/date-rooms', [401, 400, 400, 400, 403, 403, 400], {}],
  ['POST', () => '/api/v1/meet/DateRooms/create', /*    */ [401, 400, 400, 400, 400, 403, 400], {}],
  ['PUT', () => '/api/v1/meet/DateRooms/edit', /*       */ [401, 400, 400, 400, 400, 403, 400], {}],
  ['DELETE', () => '/api/v1/meet/DateRooms/', /*        */ [401, 400, 400, 400, 400, 403, 400], {}],
  // issue 11, click-to-call (E-C2C): the CRM API and its login step need no session (a bad body: 400 for
  // everyone); the form: levels 1-4; keys and history: levels 1-3, level 1 only with a working corp (400)
  ['POST', () => '/api/v1/clicktocall/makecall', /*     */ [400, 400, 400, 400, 400, 400, 400], {}],
  ['POST', () => '/api/v1/clicktocall/login', /*        */ [400, 400, 400, 400, 400, 400, 400], {}],
  ['POST', () => '/api/v1/clicktocall/call', /*         */ [401, 400, 400, 400, 400, 403, 400], {}],
  ['GET', () => '/api/v1/clicktocall/history', /*       */ [401, 400, 200, 200, 403, 403, 200]],
  // issue 11, the web phone (B-WP): the user's own WSS extensions; an extension's credentials for its user
  // or levels 1-3 of its corp (205: the acme agent's); level 5 never (403)
  ['GET', () => '/api/v1/webphone/extensions', /*       */ [401, 200, 200, 200, 200, 403, 200]],
  ['GET', () => '/api/v1/webphone/credentials/205', /*  */ [401, 404, 200, 200, 200, 403, 404]],
];

describeEachDatabase(
  'authorization matrix',
  (t) => {
    it('F-PERM every registered resource has its line of who may read, create, update and delete', () => {
      const missing = Object.values(BINDINGS)
        .map((b) => b!.definition.name)
        .filter((name) => !RESOURCE_ACCESS[name]);
      expect(missing).toEqual([]);
    });

    it('F-PERM every route of the API has a row in the matrix', async () => {
      const document = t().app.swagger() as { paths: Record<string, Record<string, unknown>> };
      const routes = Object.entries(document.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => ({ method: method.toUpperCase(), path })));
      expect(routes.length).toBeGreaterThan(40);
      const pattern = (path: string) => new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`);
      const urls = [...generatedRows(), ...singletonRows(), ...SPECIAL].map(([method, url]) => ({ method, path: url(t().ids).split('?')[0] }));
      const uncovered = routes.filter((route) => {
        const re = pattern(route.path);
        // a concrete url names the most specific route it matches (GET /corp/actions is not GET /corp/{id})
        return !urls.some((u) => u.method === route.method && re.test(u.path) && !routes.some((other) => other !== route && other.method === u.method && !other.path.includes('{') && other.path === u.path));
      });
      expect(uncovered.map((r) => `${r.method} ${r.path}`)).toEqual([]);
    });

    it('F-PERM J-API-01 every route answers each kind of caller with the expected status, as the OpenAPI document describes it', async () => {
      const mismatches: string[] = [];
      const contract = new OpenApiContract(t().app.swagger());
      const undocumented = new Set<string>();
      for (const [method, url, expected, body] of [...generatedRows(), ...singletonRows(), ...SPECIAL]) {
        for (const [column, who] of WHO.entries()) {
          const caller: Caller = CALLERS[who];
          const path = url(t().ids);
          const res = await t().request({ method, url: path, as: caller, payload: body as object | undefined });
          if (res.statusCode !== expected[column]) mismatches.push(`${method} ${path} as ${who}: expected ${expected[column]}, got ${res.statusCode} ${res.body.slice(0, 120)}`);
          // the write routes a resource does not take (resourceWrites) answer 404 from no operation
          const problem = contract.pathOf(method, path) === null && res.statusCode === 404 ? null : contract.problem(method, path, res);
          if (problem) undocumented.add(problem);
          if (res.statusCode >= 400) {
            const error = res.json() as { status: number; message: string };
            expect(error.status).toBe(res.statusCode);
            expect(error.message).toMatch(/^(errors|validation)\./);
          }
        }
      }
      expect(mismatches).toEqual([]);
      expect([...undocumented]).toEqual([]);
    }, 120_000);

    it('F-PERM a role group narrows what a level 3 user may do (views decide, with level ceilings)', async () => {
      const group = await t().post('/api/v1/rolegroup', CALLERS.owner, { roleGroupName: 'Readers', views: [{ name: 'user', actions: ['read'] }] });
      const { roleGroupId } = group.json() as { roleGroupId: number };
      await t().post('/api/v1/user', CALLERS.owner, { nick: 'reader', level: 3, pass: 'abcd', passConfirm: 'abcd', roleGroupId });
      const token = ((await t().post('/api/v1/login', null, { nick: 'reader', pass: 'abcd', corpoName: 'acme' })).json() as { token: string }).token;
      const auth = { authorization: `Bearer ${token}` };
      expect((await t().get('/api/v1/user', null, auth)).statusCode).toBe(200);
      expect((await t().post('/api/v1/user', null, { nick: 'nope1', level: 4, pass: 'abcd', passConfirm: 'abcd' }, auth)).statusCode).toBe(403);
      expect((await t().get('/api/v1/rolegroup', null, auth)).statusCode).toBe(403);
      // a group granting system views still cannot open them below level 1
      const sys = await t().post('/api/v1/rolegroup', CALLERS.owner, { roleGroupName: 'Greedy', views: [{ name: 'corp', actions: ['read', 'create'] }] });
      await t().put(`/api/v1/rolegroup/${roleGroupId}`, CALLERS.owner, { roleGroupName: 'Readers', views: (sys.json() as { views: unknown }).views });
      expect((await t().get('/api/v1/corp', null, auth)).statusCode).toBe(403);
    });
  },
  { live: MANUAL_SIMULATOR },
);
