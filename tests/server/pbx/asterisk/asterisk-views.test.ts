/**
 * What Asterisk reads and writes, without Asterisk: the realtime views of migration 0008 (on PGlite and
 * PostgreSQL), the triggers that attribute cdr and queue_log rows to the corp, the generated dialplan and
 * the static files of `npm run asterisk:config`. asterisk-realtime.test.ts runs the same against a real
 * Asterisk.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { asteriskConfigFiles, parseDatabaseUrl } from '../../../../server/asterisk/config';
import { destinationSteps, dialplanMainFile, extensionSteps, generateDialplan, generateDialplanContexts, generateMohClasses, ivrContextLines, loadDialplanData, timeConditionContext, type DialplanCorp } from '../../../../server/asterisk/dialplan';
import { cdr, extension, mediaServer, queueLog, queueMember, restrictionExten, speedDialCorp } from '../../../../server/db/schema';
import { describeEachDatabase, type TestApp } from '../../fixtures/test-app';

async function rows<T>(t: TestApp, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await t.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

describeEachDatabase('Asterisk realtime views', (t) => {
  it('ps_endpoints / ps_auths / ps_aors: {corpId}_{number}, the corp as accountcode, c{corp}-internal, the SIP password', async () => {
    const acme = t().ids.corp.acme;
    const [endpoint] = await rows<Record<string, string>>(t(), sql`select * from ps_endpoints where id = ${`${acme}_201`}`);
    expect(endpoint).toMatchObject({ id: `${acme}_201`, aors: `${acme}_201`, auth: `${acme}_201`, context: `c${acme}-internal`, accountcode: String(acme), transport: 'transport-udp', disallow: 'all' });
    expect(endpoint.callerid).toMatch(/^".+" <201>$/);
    expect(endpoint.mailboxes).toBe(`201@c${acme}-vm`);
    const [box] = await rows<Record<string, unknown>>(t(), sql`select context, mailbox from asterisk_voicemail where mailbox = '201' and context = ${`c${acme}-vm`}`);
    expect(box).toEqual({ context: `c${acme}-vm`, mailbox: '201' });
    const [auth] = await rows<Record<string, string>>(t(), sql`select * from ps_auths where id = ${`${acme}_201`}`);
    expect(auth).toEqual({ id: `${acme}_201`, auth_type: 'userpass', username: `${acme}_201`, password: 'acme-201' });
    const [aor] = await rows<Record<string, unknown>>(t(), sql`select id, max_contacts, remove_existing from ps_aors where id = ${`${acme}_201`}`);
    expect(aor).toEqual({ id: `${acme}_201`, max_contacts: 1, remove_existing: 'yes' });
    // a WebRTC phone (205 is WSS in the demo): over the WebSocket transport, G.711 only (the PBX has no
    // opus transcoder: an opus call could not be bridged to a G.711 phone, migration 0012)
    const [webrtc] = await rows<Record<string, string>>(t(), sql`select transport, webrtc, allow from ps_endpoints where id = ${`${acme}_205`}`);
    expect(webrtc).toEqual({ transport: 'transport-wss', webrtc: 'yes', allow: 'ulaw,alaw' });
    // a disabled extension is no endpoint
    await t().db.update(extension).set({ enabled: false }).where(eq(extension.id, t().ids.extension.acme201));
    expect(await rows(t(), sql`select id from ps_endpoints where id = ${`${acme}_201`}`)).toEqual([]);
    await t().db.update(extension).set({ enabled: true }).where(eq(extension.id, t().ids.extension.acme201));
  });

  it('C-CSD-06 call groups for Pickup are the corp\'s own: group 1 of acme and group 1 of globex are two named groups; 0 is none', async () => {
    const { acme, globex } = t().ids.corp;
    const before = await t().db.select({ id: extension.id, callgroup: extension.callgroup }).from(extension);
    await t().db.update(extension).set({ callgroup: 1 }).where(inArray(extension.id, [t().ids.extension.acme201, t().ids.extension.globex1001]));
    await t().db.update(extension).set({ callgroup: 0 }).where(and(eq(extension.corpId, acme), eq(extension.number, '202')));
    const groups = await rows<Record<string, string>>(t(), sql`select id, named_call_group, named_pickup_group from ps_endpoints where id in (${`${acme}_201`}, ${`${globex}_1001`}, ${`${acme}_202`}) order by id`);
    expect(groups).toEqual(
      [
        { id: `${acme}_201`, named_call_group: `c${acme}_1`, named_pickup_group: `c${acme}_1` },
        { id: `${acme}_202`, named_call_group: '', named_pickup_group: '' },
        { id: `${globex}_1001`, named_call_group: `c${globex}_1`, named_pickup_group: `c${globex}_1` },
      ].sort((a, b) => (a.id < b.id ? -1 : 1)),
    );
    for (const e of before) await t().db.update(extension).set({ callgroup: e.callgroup }).where(eq(extension.id, e.id));
  });

  it('queues / queue_members: {corpId}_{queueId}, members by interface with the extension number as member name', async () => {
    const { acme } = t().ids.corp;
    const sales = t().ids.queue.sales;
    const [queue] = await rows<Record<string, unknown>>(t(), sql`select name, strategy, timeout from queues where name = ${`${acme}_${sales}`}`);
    expect(queue).toEqual({ name: `${acme}_${sales}`, strategy: 'ringall', timeout: 15 });
    const members = await rows<Record<string, unknown>>(t(), sql`select queue_name, interface, membername, state_interface, penalty, paused from queue_members where queue_name = ${`${acme}_${sales}`} order by membername`);
    expect(members[0]).toEqual({ queue_name: `${acme}_${sales}`, interface: `PJSIP/${acme}_201`, membername: '201', state_interface: `PJSIP/${acme}_201`, penalty: 1, paused: 0 });
    // Asterisk writes a realtime member's pause back
    const [{ uniqueid }] = await rows<{ uniqueid: number }>(t(), sql`select uniqueid from queue_members where interface = ${`PJSIP/${acme}_201`} and queue_name = ${`${acme}_${sales}`}`);
    await t().db.execute(sql`update queue_members set paused = '1', reason_paused = 'lunch' where uniqueid = ${String(uniqueid)}`);
    const [member] = await t().db.select().from(queueMember).where(eq(queueMember.uniqueId, uniqueid));
    expect(member.paused).toBe(1);
  });

  it('C-CSD-06 queue login / logout through realtime (REALTIME_STORE, REALTIME_DESTROY by member_key) write queue_member; another corp\'s extension or queue does nothing', async () => {
    const { acme, globex } = t().ids.corp;
    const sales = t().ids.queue.sales;
    const helpdesk = t().ids.queue.helpdesk;
    const count = async (queueId: number, number: string) => (await t().db.select().from(queueMember).where(and(eq(queueMember.queueId, queueId), eq(queueMember.extenNumber, number)))).length;
    const store = (queueName: string, endpoint: string) =>
      t().db.execute(sql`insert into queue_members (queue_name, interface, membername, state_interface, penalty, paused) values (${queueName}, ${`PJSIP/${endpoint}`}, 'x', ${`PJSIP/${endpoint}`}, 1, 0)`);
    expect(await count(sales, '230')).toBe(0);
    await store(`${acme}_${sales}`, `${acme}_230`);
    await store(`${acme}_${sales}`, `${acme}_230`);
    expect(await count(sales, '230')).toBe(1);
    // a globex extension into an acme queue, an acme extension into globex's queue: nothing
    await store(`${acme}_${sales}`, `${globex}_1001`);
    await store(`${globex}_${helpdesk}`, `${acme}_230`);
    expect(await count(sales, '1001')).toBe(0);
    expect(await count(helpdesk, '230')).toBe(0);
    // logout: the one membership goes, the others stay
    await t().db.execute(sql`delete from queue_members where member_key = ${`${acme}_${sales}|PJSIP/${acme}_230`}`);
    expect(await count(sales, '230')).toBe(0);
    expect(await count(sales, '201')).toBe(1);
  });

  it('cdr_pgsql writes into asterisk_cdr: the row lands in cdr with the corp (accountcode, else the channel), UTC times, no epoch answer', async () => {
    const { acme, globex } = t().ids.corp;
    await t().db.execute(sql.raw(`insert into asterisk_cdr (calldate, clid, src, dst, dcontext, channel, dstchannel, lastapp, lastdata, "start", answer, "end", duration, billsec, disposition, amaflags, accountcode, uniqueid, linkedid, sequence)
      values ('2026-03-01 10:00:00', '"A" <201>', '201', '202', 'c${acme}-internal', 'PJSIP/${acme}_201-00000001', '', 'Dial', 'PJSIP/${acme}_202,30', '2026-03-01 10:00:00', '1970-01-01 00:00:00', '2026-03-01 10:00:30', 30, 0, 'NO ANSWER', 'DOCUMENTATION', '${acme}', 'view-test.1', 'view-test.1', 1)`));
    await t().db.execute(sql.raw(`insert into asterisk_cdr (calldate, src, channel, duration, billsec, disposition, accountcode, uniqueid, lastdata) values ('2026-03-01 11:00:00', '1001', 'PJSIP/${globex}_1001-00000002', 1, 0, 'FAILED', '', 'view-test.2', '${'x'.repeat(120)}')`));
    const [first] = await t().db.select().from(cdr).where(eq(cdr.uniqueid, 'view-test.1'));
    expect(first).toMatchObject({ corpId: acme, src: '201', dst: '202', disposition: 'NO ANSWER', answer: null, duration: 30 });
    expect(first.calldate.toISOString()).toBe('2026-03-01T10:00:00.000Z');
    expect(first.end?.toISOString()).toBe('2026-03-01T10:00:30.000Z');
    const [second] = await t().db.select().from(cdr).where(eq(cdr.uniqueid, 'view-test.2'));
    expect(second).toMatchObject({ corpId: globex, accountcode: '', clid: '' });
    expect(second.lastdata).toHaveLength(80);
  });

  it('one row per caller\'s leg, as the simulator writes it: the rows Asterisk writes for every member a ringall queue rang become the one that says most', async () => {
    const { acme } = t().ids.corp;
    /** a row as cdr_pgsql writes it for the carrier's channel of call `id`, to member `member` */
    const leg = (id: string, member: string, disposition: string, billsec: number, recording = '') =>
      t().db.execute(
        sql.raw(`insert into asterisk_cdr (calldate, src, dst, dcontext, channel, dstchannel, lastapp, lastdata, "start", answer, "end", duration, billsec, disposition, accountcode, uniqueid, linkedid, recordingfile)
          values ('2026-03-02 10:00:00', '11955500000', '5550100', 'c${acme}-inbound', 'PJSIP/trunk_5550100-0000000${id}', 'PJSIP/${acme}_${member}-00000009', 'Queue', '${acme}_1,t,,,1800', '2026-03-02 10:00:00', '1970-01-01 00:00:00', '2026-03-02 10:00:09', 9, ${billsec}, '${disposition}', '${acme}', 'merge-test.${id}', 'merge-test.${id}', '${recording}')`),
      );
    const rowsOf = (id: string) => t().db.select().from(cdr).where(eq(cdr.uniqueid, `merge-test.${id}`));
    // answered by 202 while 201 rang, in either order
    await leg('1', '202', 'ANSWERED', 7);
    await leg('1', '201', 'NO ANSWER', 3);
    await leg('2', '201', 'NO ANSWER', 3, 'rec-2.wav');
    await leg('2', '202', 'ANSWERED', 7);
    for (const id of ['1', '2']) {
      const rows = await rowsOf(id);
      expect(rows.map((r) => [r.disposition, r.dstchannel, r.billsec])).toEqual([['ANSWERED', `PJSIP/${acme}_202-00000009`, 7]]);
    }
    // the recording named by the row that lost is kept
    expect((await rowsOf('2'))[0].recordingfile).toBe('rec-2.wav');
    // abandoned while two members rang: one NO ANSWER
    await leg('3', '202', 'NO ANSWER', 3);
    await leg('3', '201', 'NO ANSWER', 2);
    expect((await rowsOf('3')).map((r) => [r.disposition, r.dstchannel])).toEqual([['NO ANSWER', `PJSIP/${acme}_202-00000009`]]);
    // the hourly rollup counts each call once
    const { rows } = (await t().db.execute(sql`select coalesce(sum(calls), 0)::int as calls, coalesce(sum(answered), 0)::int as answered from cdr_hourly where corp_id = ${acme} and hour = '2026-03-02 10:00:00+00'`)) as unknown as { rows: { calls: number; answered: number }[] };
    expect(rows[0]).toEqual({ calls: 3, answered: 2 });
  });

  it('queue_log realtime writes into asterisk_queue_log: the corp from the queue name, microseconds kept', async () => {
    const { acme } = t().ids.corp;
    await t().db.execute(sql.raw(`insert into asterisk_queue_log (time, callid, queuename, agent, event, data1, data2, data3) values ('2026-03-01 10:00:01.250000', 'view-test.1', '${acme}_1', '201', 'CONNECT', '3', 'view-test.9', '2')`));
    const [row] = await t().db.select().from(queueLog).where(eq(queueLog.callid, 'view-test.1'));
    expect(row).toMatchObject({ corpId: acme, queuename: `${acme}_1`, agent: '201', event: 'CONNECT', data1: '3', data2: 'view-test.9', data3: '2', data4: '', data5: '' });
    expect(row.time.toISOString()).toBe('2026-03-01T10:00:01.250Z');
  });

  it('the dialplan generated from the data: contexts per corp, extensions, queues by 6{id}, trunk DIDs to their action', async () => {
    const { acme } = t().ids.corp;
    const sales = t().ids.queue.sales;
    const text = generateDialplan(await loadDialplanData(t().db));
    expect(text).toContain(`[c${acme}-internal]\n${dndLine(acme, '201').replace(' same => n,', 'exten => 201,1,')}\n same => n,Dial(PJSIP/${acme}_201,30)`);
    expect(text).toContain(`exten => 6${sales},1,NoOp(queue Sales)\n same => n,Answer()\n same => n,Queue(${acme}_${sales},t,,,1800)`);
    expect(text).toContain(`exten => _X.,1,Dial(PJSIP/${acme}_\${EXTEN},30)`);
    expect(text).toContain(`[c${acme}-queues]\nexten => ${sales},1,NoOp(queue Sales)\n same => n,Answer()\n same => n,Queue(${acme}_${sales},t,,,1800)\n same => n,Hangup()`);
    expect(text).toMatch(new RegExp(`\\[c${acme}-inbound\\]\\nexten => \\d+,1,NoOp\\(trunk trunk_\\d+\\)`));
  });

  it('C-CSD-06 C-ERS-03 the features from the data: a restriction of type 2 (MeetMe) is the word in the extension\'s own rules; a Forward speed dial makes every extension look up its forward', async () => {
    const { acme } = t().ids.corp;
    const [rule] = await t().db.insert(restrictionExten).values({ corpId: acme, extenId: t().ids.extension.acme201, destType: 2, pattern: 'MeetMe', permit: 0 }).returning();
    const [meet, forward] = await t().db.insert(speedDialCorp).values([{ corpId: acme, number: 77, action: 'MeetMe' }, { corpId: acme, number: 78, action: 'Forward' }]).returning();
    try {
      const text = generateDialplan(await loadDialplanData(t().db));
      expect(text).toContain(`exten => *77,1,NoOp(company speed dial 77)\n same => n,Gosub(c${acme}-restrict-check,s,1(MeetMe))\n same => n,Answer()\n same => n,ConfBridge(c${acme})`);
      expect(text).toMatch(new RegExp(`\\[c${acme}-restrict-x201\\](\\n[^\\[]*)*exten => MeetMe,1,NoOp\\(restriction of extension 201: MeetMe, permit 0\\)\\n same => n,Log\\(NOTICE,[^\\n]*\\n same => n,Hangup\\(21\\)`));
      expect(text).toContain(`exten => 201,1,Gosub(c${acme}-forward,s,1(201))\n same => n,GotoIf($["\${CB_FWD}" != ""]?c${acme}-internal,\${CB_FWD},1)`);
      expect(text).toContain(`[c${acme}-forward]`);
    } finally {
      await t().db.delete(restrictionExten).where(eq(restrictionExten.id, rule.id));
      await t().db.delete(speedDialCorp).where(inArray(speedDialCorp.id, [meet.id, forward.id]));
    }
    // an enabled media server of the platform is in every corp; a disabled one in none
    await t().db.insert(mediaServer).values([{ number: '77001', sound: 'a.wav', enabled: true }, { number: '77002', sound: 'b.wav', enabled: false }]);
    const data = await loadDialplanData(t().db);
    const withMedia = generateDialplan(data, { soundsRoot: '/s' });
    await t().db.delete(mediaServer).where(inArray(mediaServer.number, ['77001', '77002']));
    expect(data.corps.length).toBeGreaterThan(1);
    expect(withMedia.match(/exten => 77001,1,NoOp\(media server 77001\)/g)).toHaveLength(data.corps.length);
    expect(withMedia).toContain('Playback(/s/0/a)');
    expect(withMedia).not.toContain('77002');
    // without a Forward speed dial an extension rings at once, as before
    expect(generateDialplan(await loadDialplanData(t().db))).toContain(`[c${acme}-internal]\n${dndLine(acme, '201').replace(' same => n,', 'exten => 201,1,')}\n same => n,Dial(PJSIP/${acme}_201,30)`);
  });
});


/** G-AGS-03: an extension's do-not-disturb check before it rings, and where it goes (its busy action, else busy) */
const dndLine = (corpId: number, number: string) => ` same => n,GotoIf($["\${REALTIME_FIELD(cb_dnd,endpoint,${corpId}_${number},dnd)}" = "1"]?dnd)`;
const dndEnd = (busy: boolean) => [' same => n(dnd),Set(DIALSTATUS=BUSY)', busy ? ' same => n,Goto(busy)' : ' same => n,Busy(5)'];
/** the lines of an extension as they were before the DND check: the check first, its end last */
function withDnd(corpId: number, number: string, lines: string[], busy: boolean): string[] {
  const [first, ...rest] = lines;
  return [dndLine(corpId, number).replace(/^ same => n,/, `exten => ${number},1,`), first.replace(/^exten => \w+,1,/, ' same => n,'), ...rest, ...dndEnd(busy)];
}

describe('the dialplan generator and the static files (pure)', () => {
  const corp: DialplanCorp = {
    id: 7,
    url: 'x',
    name: 'X',
    extensions: [
      { number: '61', enabled: true, action: 'ring', onbusy: 'followMe' },
      { number: '300', enabled: true, action: 'voicemail', onbusy: 'voicemail' },
    ],
    queues: [{ id: 1, name: 'One', failoverAction: 'exten:300', failoverTimeout: 60 }, { id: 2, name: 'Two', failoverAction: 'ivr:4', failoverTimeout: 0 }],
    trunks: [{ number: '5550000', action: 'queue:2', outgoing: true, preference: false, enabled: true }],
  };

  it('destinations: hang-up, a queue, an extension; what is not generated yet is logged and hung up', () => {
    expect(destinationSteps(corp, 'hangup')).toEqual([' same => n,Hangup()']);
    // a queue runs in place (the cdr keeps the number dialled and the context); a queue's failover goes by Goto
    expect(destinationSteps(corp, 'queue:1')).toEqual([' same => n,Answer()', ' same => n,Queue(7_1,t,,,60)', ' same => n,Goto(c7-internal,300,1)']);
    expect(destinationSteps(corp, 'queue:2', false)).toEqual([' same => n,Goto(c7-queues,2,1)']);
    expect(destinationSteps(corp, 'exten:300')).toEqual([' same => n,Goto(c7-internal,300,1)']);
    expect(destinationSteps(corp, 'queue:99')[1]).toBe(' same => n,Hangup()');
    expect(destinationSteps(corp, 'ivr:4')[0]).toMatch(/Log\(NOTICE,Callboard: destination ivr:4 /);
  });

  it('C-VM-01 a message left is stored through realtime by a hangup handler pushed before VoiceMail(), whichever way the caller ends it', () => {
    const text = generateDialplanContexts({ corps: [corp] });
    expect(text).toContain(
      [
        '[callboard-vm-saved]',
        'exten => s,1,GotoIf($["${VM_MESSAGEFILE}" = ""]?done)',
        ' same => n,Set(REALTIME_STORE(vmmessages,context,mailbox,origtime,callerid,file)=${ARG1},${ARG2},${EPOCH},${FILTER(0-9+*#,${CALLERID(num)})},${VM_MESSAGEFILE})',
        ' same => n(done),Return()',
      ].join('\n'),
    );
    // the family Asterisk writes is the view of migration 0016
    expect(asteriskConfigFiles({ database: parseDatabaseUrl('postgres://a@h/db'), ari: { user: 'u', password: 'p', bindAddr: '127.0.0.1', port: 8088 }, sipBind: '0.0.0.0:5060', dialplan: '' })['extconfig.conf']).toContain('vmmessages => pgsql,db,asterisk_voicemail_message');
  });

  it('an extension rings 30 s, then its mailbox when its action (no answer) or busy action is voicemail', () => {
    expect(extensionSteps(corp, corp.extensions[0])).toEqual(withDnd(7, '61', ['exten => 61,1,Dial(PJSIP/7_61,30)', ' same => n,Hangup()'], false));
    expect(extensionSteps(corp, corp.extensions[1])).toEqual(withDnd(7, '300', [
      'exten => 300,1,Dial(PJSIP/7_300,30)',
      ' same => n,GotoIf($["${DIALSTATUS}" = "ANSWER"]?done)',
      ' same => n,GotoIf($["${DIALSTATUS}" = "BUSY"]?busy)',
      ' same => n,Set(CHANNEL(hangup_handler_push)=callboard-vm-saved,s,1(c7-vm,300))',
      ' same => n,VoiceMail(300@c7-vm,u)',
      ' same => n(done),Hangup()',
      ' same => n(busy),Set(CHANNEL(hangup_handler_push)=callboard-vm-saved,s,1(c7-vm,300))',
      ' same => n,VoiceMail(300@c7-vm,b)',
      ' same => n,Hangup()',
    ], true));
    expect(extensionSteps(corp, { number: '301', enabled: true, action: 'ring', onbusy: 'voicemail' })).toEqual(withDnd(7, '301', [
      'exten => 301,1,Dial(PJSIP/7_301,30)',
      ' same => n,GotoIf($["${DIALSTATUS}" = "ANSWER"]?done)',
      ' same => n,GotoIf($["${DIALSTATUS}" = "BUSY"]?busy)',
      ' same => n(done),Hangup()',
      ' same => n(busy),Set(CHANNEL(hangup_handler_push)=callboard-vm-saved,s,1(c7-vm,301))',
      ' same => n,VoiceMail(301@c7-vm,b)',
      ' same => n,Hangup()',
    ], true));
  });

  it('C-CSD-06 the fixed features of company speed dials: *{code} and *{code}{digits}, each inside the corp; ChanSpy and Whisper for Spy extensions only; a reminder as a call file', () => {
    const text = generateDialplan(
      {
        corps: [
          {
            ...corp,
            timeZone: 'America/Sao_Paulo',
            extensions: [{ ...corp.extensions[0], spy: true }, corp.extensions[1]],
            speedDials: [
              { number: 40, action: 'Pickup' },
              { number: 41, action: 'ChanSpy' },
              { number: 42, action: 'Whisper' },
              { number: 43, action: 'MeetMe' },
              { number: 44, action: 'Forward' },
              { number: 45, action: 'Reminder' },
              { number: 20, action: 'VoiceMailMain' },
            ],
          },
        ],
      },
    );
    // Pickup: the caller's call group (named groups per corp), or the call ringing at an extension of this corp's dialplan
    expect(text).toContain('exten => *40,1,NoOp(company speed dial 40)\n same => n,Pickup()\n same => n,Hangup()');
    expect(text).toContain('exten => _*40X.,1,NoOp(company speed dial 40: Pickup with digits)\n same => n,Pickup(${EXTEN:3}@c7-internal)');
    // ChanSpy / Whisper: only from an extension in c7-spy (61 has Spy on, 300 not); the channel prefix is the corp's
    expect(text).toContain('[c7-spy]\nexten => 61,1,Return()\n\n');
    expect(text).toContain(' same => n,GotoIf($[${DIALPLAN_EXISTS(c7-spy,${CUT(CHANNEL(endpoint),_,2)},1)}]?spy)');
    expect(text).toContain(' same => n(spy),ChanSpy(PJSIP/7_,q)');
    expect(text).toContain(' same => n(spy),ChanSpy(PJSIP/7_${EXTEN:3}-,qE)');
    expect(text).toContain(' same => n(spy),ChanSpy(PJSIP/7_${EXTEN:3}-,qEw)');
    // MeetMe: the corp's conference room, or its room {digits}
    expect(text).toContain(' same => n,ConfBridge(c7)');
    expect(text).toContain(' same => n,ConfBridge(c7-${EXTEN:3})');
    // Forward: set or cleared in Asterisk's database under the calling endpoint; every extension looks it up first
    expect(text).toContain(' same => n,Set(DB(CB_FWD/${FILTER(0-9_,${CHANNEL(endpoint)})})=${EXTEN:3})');
    expect(text).toContain('${DB_DELETE(CB_FWD/${FILTER(0-9_,${CHANNEL(endpoint)})})}');
    expect(text).toContain(`exten => 61,1,Gosub(c7-forward,s,1(61))\n same => n,GotoIf($["\${CB_FWD}" != ""]?c7-internal,\${CB_FWD},1)\n${dndLine(7, '61')}\n same => n,Dial(PJSIP/7_61,30)`);
    expect(text).toContain(' same => n,GotoIf($[0${CB_FWD_HOPS} >= 5]?done)\n same => n,Set(CB_FWD=${DB(CB_FWD/7_${ARG1})})');
    // Reminder: four digits HHMM in the corp's zone, a call file into the spool, dated then
    expect(text).toContain('exten => _*45XXXX,1,');
    expect(text).toContain('${STRPTIME(${STRFTIME(${EPOCH},America/Sao_Paulo,%Y-%m-%d)} ${CB_HHMM},America/Sao_Paulo,%Y-%m-%d %H%M)}');
    expect(text).toMatch(/System\(echo 'Channel: PJSIP\/\$\{CB_ME\}' > \$\{CB_FILE\} && echo 'Context: c7-reminder' >> [^\n]* && touch -d @\$\{CB_AT\} \$\{CB_FILE\} && mv \$\{CB_FILE\} \$\{ASTSPOOLDIR\}\/outgoing\/\)/);
    expect(text).toContain('exten => *45,1,NoOp(company speed dial 45)\n same => n,System(rm -f ${ASTSPOOLDIR}/outgoing/cb-reminder-${FILTER(0-9_,${CHANNEL(endpoint)})}-*.call)');
    // VoiceMailMain: the own mailbox, or the mailbox dialled
    expect(text).toContain(' same => n,VoiceMailMain(${CALLERID(num)}@c7-vm)');
    expect(text).toContain(' same => n,VoiceMailMain(${EXTEN:3}@c7-vm)');
    // nothing of another corp, nothing left unbuilt
    expect(text).not.toMatch(/PJSIP\/(?!7_)\d+_/);
    expect(text).not.toMatch(/destination (VoiceMailMain|MeetMe|Pickup|ChanSpy|Whisper|Reminder|Forward) is not in the generated dialplan/);
  });

  it('C-MS-01 C-MS-03 media servers: every corp\'s phones reach an enabled number, which answers and plays its sound from the platform\'s folder; the corp\'s own extension or queue code wins', () => {
    const text = generateDialplan(
      { corps: [corp, { ...corp, id: 8, extensions: [{ number: '4000', enabled: true, action: 'ring', onbusy: '' }] }], mediaServers: [{ number: '4000', sound: 'news.wav' }, { number: '61', sound: 'x.wav' }, { number: '4100', sound: '' }] },
      { soundsRoot: '/data/sounds' },
    );
    expect(text).toContain('[c7-internal]');
    expect(text).toContain('exten => 4000,1,NoOp(media server 4000)\n same => n,Answer()\n same => n,Playback(/data/sounds/0/news)\n same => n,Hangup()');
    // 61 is corp 7's extension; 4000 is corp 8's
    expect(text).toContain("; media server 61: the corp's own 61 answers instead");
    expect(text).toContain("; media server 4000: the corp's own 4000 answers instead");
    expect(text.match(/exten => 4000,1,NoOp\(media server 4000\)/g)).toHaveLength(1);
    // no sound: answered, logged, ended
    expect(text).toContain('exten => 4100,1,NoOp(media server 4100)\n same => n,Answer()\n same => n,Log(NOTICE,Callboard: media server 4100 has no sound to play)\n same => n,Hangup()');
  });

  it('a queue code that is an extension number stays the extension', () => {
    const text = generateDialplan({ corps: [corp] });
    expect(text).toContain(`exten => 61,1,GotoIf($["\${REALTIME_FIELD(cb_dnd,endpoint,7_61,dnd)}" = "1"]?dnd)\n same => n,Dial(PJSIP/7_61,30)`);
    expect(text).not.toContain('exten => 61,1,Goto(');
    expect(text).toContain('exten => 62,1,NoOp(queue Two)\n same => n,Answer()\n same => n,Queue(7_2,t,,,)\n same => n,Log(NOTICE');
    expect(text).toContain('exten => _0X.,1,NoOp(out by the preferred trunk)\n same => n,Dial(PJSIP/${EXTEN}@trunk_5550000,60)');
    expect(text).toContain('exten => 5550000,1,NoOp(trunk trunk_5550000)\n same => n,Answer()\n same => n,Queue(7_2,t,,,)');
    expect(text).toContain(' same => n,Queue(7_2,t,,,)');
  });

  it('C-SIP-05 C-SIP-06 SIP routes and restrictions: a route dials its translation after the restriction check; one pattern once; the extension\'s own rules before the corp\'s; incoming callers checked first', () => {
    const text = generateDialplan({
      corps: [
        {
          ...corp,
          routes: [
            { id: 1, pattern: '0..T', translation: '55..T', trunkNumber: '5550000', comment: 'national' },
            { id: 2, pattern: '0..T', translation: 'T', trunkNumber: '5550000', comment: 'same pattern' },
          ],
          restrictions: [
            { label: '0900T', patterns: ['_0900!'], permit: 0, pin: '' },
            { label: 'International', patterns: ['_00.'], permit: 2, pin: '4321' },
            { label: 'every corp 0900', patterns: ['_0900!'], permit: 1, pin: '' },
            { label: 'bad pin', patterns: ['_0300!'], permit: 2, pin: '12a' },
          ],
          extensionRestrictions: { '300': [{ label: 'National mobile', patterns: ['_0XX9XXXXXXXX'], permit: 1, pin: '' }] },
          incoming: [{ pattern: '5511T', permit: 0, comment: 'spam' }],
        },
      ],
    });
    expect(text).toContain('exten => _0XX!,1,NoOp(SIP route 1 national: 0..T to 55..T by trunk_5550000)\n same => n,Gosub(c7-restrict-check,s,1(${EXTEN}))\n same => n,Dial(PJSIP/55${EXTEN:1:1}${EXTEN:2:1}${EXTEN:3}@trunk_5550000,60)');
    expect(text).toContain('; SIP route 2 (0..T): an earlier route has the same pattern');
    // the preferred trunk's 0 + number goes through the same check
    expect(text).toContain('exten => _0X.,1,NoOp(out by the preferred trunk)\n same => n,Gosub(c7-restrict-check,s,1(${EXTEN}))');
    // the corp's own 0900 rule wins over every corp's (listed first); a pin that is not digits refuses (fails closed)
    expect(text.match(/exten => _0900!/g)).toHaveLength(1);
    expect(text).toContain('exten => _0900!,1,NoOp(restriction of corp 7: 0900T, permit 0)');
    expect(text).toContain('exten => _00.,1,NoOp(restriction of corp 7: International, permit 2)\n same => n,Authenticate(4321)\n same => n,Return()');
    expect(text).toMatch(/exten => _0300!,1,NoOp\(restriction of corp 7: bad pin, permit 2\)\n same => n,Log\(NOTICE,[^\n]*\n same => n,Hangup\(21\)/);
    expect(text).toContain('[c7-restrict-x300]\nexten => _0XX9XXXXXXXX,1,NoOp(restriction of extension 300: National mobile, permit 1)\n same => n,Return()');
    expect(text).toContain('[c7-incoming]\nexten => _5511!,1,NoOp(incoming restriction 5511T spam, permit 0)');
    expect(text).toContain('exten => 5550000,1,NoOp(trunk trunk_5550000)\n same => n,Gosub(c7-incoming-check,s,1)');
  });

  it('C-MOH-01 C-QUE-17 hold music classes: a playlist per corp and per queue with files, entries by absolute path without the extension; a file outside the sounds folder is left out', () => {
    const text = generateMohClasses(
      { corps: [{ ...corp, holdMusic: [{ queueId: null, sound: 'jazz.wav' }, { queueId: 2, sound: 'waltz.wav' }, { queueId: 2, sound: '../etc/passwd' }, { queueId: 1, sound: '' }] }] },
      { soundsRoot: '/data/sounds' },
    );
    expect(text).toContain('[corp_7]\nmode = playlist\nentry = /data/sounds/7/jazz\n');
    expect(text).toContain('[queue_2]\nmode = playlist\nentry = /data/sounds/7/waltz\n');
    expect(text).not.toContain('passwd');
    expect(text).not.toContain('[queue_1]');
    // without a sounds folder there is nothing to play: no class
    expect(generateMohClasses({ corps: [{ ...corp, holdMusic: [{ queueId: null, sound: 'jazz.wav' }] }] })).not.toContain('[corp_7]');
  });

  const full: DialplanCorp = {
    ...corp,
    extensions: [
      ...corp.extensions,
      { number: '310', enabled: true, action: 'followMe', onbusy: 'exTouch', outer: '5511999990000', follow: [{ number: '61', timeout: 15 }, { number: '5511888880000', timeout: 20 }, { number: '62', timeout: 0 }], speedDials: [{ number: 1, action: 'exten:300' }] },
      { number: '320', enabled: true, action: 'simTouch', onbusy: 'voicemail', outer: '5511777770000' },
    ],
    ivrs: [{ id: 4, name: 'Main menu', sound: 'a1b2c3d4-0000-4000-8000-000000000001.wav', soundIncorrect: '', options: ['exten:300', 'queue:1', '', 'time:9', '', '', '', '', '', 'ivr:4'] }],
    times: [{ id: 9, name: 'Hours', defaultAction: 'hangup', options: [{ from: '08:00', to: '18:00', days: 'Mon-Tue-Wed-Thu-Fri', action: 'queue:1' }, { from: '09:00', to: '23:59', days: 'Sat', action: 'ivr:4' }] }],
    speedDials: [{ number: 10, action: 'enqueue_7_2' }, { number: 20, action: 'VoiceMailMain' }, { number: 30, action: 'integration:1' }],
  };

  it('destinations: an IVR goes to its menu, a time condition to its context; missing ones are logged and hung up', () => {
    expect(destinationSteps(full, 'ivr:4')).toEqual([' same => n,Goto(c7-ivr-4,s,1)']);
    expect(destinationSteps(full, 'time:9')).toEqual([' same => n,Goto(c7-time,9,1)']);
    expect(destinationSteps(full, 'time:8')[0]).toMatch(/Log\(NOTICE,Callboard: destination time:8 /);
    expect(destinationSteps(full, 'integration:1')[1]).toBe(' same => n,Hangup()');
  });

  it("J-TZ-01 a time condition: GotoIfTime per option (days joined by &, the end minute exclusive, the corp's zone), else the default", () => {
    expect(timeConditionContext({ ...full, timeZone: 'America/Sao_Paulo' })).toEqual([
      '[c7-time]',
      'exten => 9,1,NoOp(time condition Hours)',
      ' same => n,GotoIfTime(08:00-17:59,mon&tue&wed&thu&fri,*,*,America/Sao_Paulo?o1)',
      ' same => n,GotoIfTime(09:00-23:59,sat,*,*,America/Sao_Paulo?o2)',
      ' same => n,NoOp(time condition 9: no option matches now)',
      ' same => n,Hangup()',
      ' same => n(o1),NoOp(time condition 9 option 1: mon tue wed thu fri 08:00-18:00)',
      ' same => n,Answer()',
      ' same => n,Queue(7_1,t,,,60)',
      ' same => n,Goto(c7-internal,300,1)',
      ' same => n(o2),NoOp(time condition 9 option 2: sat 09:00-23:59)',
      ' same => n,Goto(c7-ivr-4,s,1)',
    ]);
    // each corp its own zone; a corp without one: Asterisk's local time
    expect(timeConditionContext({ ...full, timeZone: 'Asia/Kolkata' })[2]).toBe(' same => n,GotoIfTime(08:00-17:59,mon&tue&wed&thu&fri,*,*,Asia/Kolkata?o1)');
    expect(timeConditionContext(full)[2]).toBe(' same => n,GotoIfTime(08:00-17:59,mon&tue&wed&thu&fri,*,*?o1)');
  });

  it('an IVR: its greeting by absolute path without extension, digits with an option, invalid keys retried, timeout to the default', () => {
    const lines = ivrContextLines(full, full.ivrs![0], { soundsRoot: '/var/lib/callboard/sounds' });
    expect(lines.slice(0, 7)).toEqual([
      '[c7-ivr-4]',
      'exten => s,1,NoOp(ivr Main menu)',
      ' same => n,Set(CB_IVR_TRIES=0)',
      ' same => n,Answer()',
      ' same => n(menu),Set(TIMEOUT(response)=5)',
      ' same => n,Background(/var/lib/callboard/sounds/7/a1b2c3d4-0000-4000-8000-000000000001)',
      ' same => n,WaitExten(5)',
    ]);
    const text = lines.join('\n');
    // each choice is logged into ivr_log (D-IST) through realtime, as the simulator records it
    const log = (option: string) => ` same => n,Set(REALTIME_STORE(ivr_log,corp_id,ivr_id,calldate,uniqueid,caller,option)=7,4,\${STRFTIME(\${EPOCH},UTC,%Y-%m-%d %H:%M:%S)}+00,\${UNIQUEID},\${FILTER(0-9A-Za-z+*#,\${CALLERID(num)})},${option})`;
    expect(text).toContain(`exten => 1,1,NoOp(ivr 4 option 1)\n${log('1')}\n same => n,Answer()\n same => n,Queue(7_1,t,,,60)`);
    expect(text).toContain(`exten => 3,1,NoOp(ivr 4 option 3)\n${log('3')}\n same => n,Goto(c7-time,9,1)`);
    expect(text).toContain(`exten => 9,1,NoOp(ivr 4 option 9)\n${log('9')}\n same => n,Goto(c7-ivr-4,s,1)`);
    expect(text).not.toContain('exten => 2,');
    expect(text).toContain(`exten => i,1,NoOp(ivr 4: a key with no option)\n${log('i')}\n same => n,Set(CB_IVR_TRIES=$[\${CB_IVR_TRIES} + 1])\n same => n,GotoIf($[\${CB_IVR_TRIES} < 3]?s,menu)\n same => n,Goto(c7-internal,300,1)`);
    expect(text).toContain(`exten => t,1,NoOp(ivr 4: no key, the default option)\n${log('t')}\n same => n,Goto(c7-internal,300,1)`);
    // no sounds folder (or no file): no greeting, the menu still waits for a key
    expect(ivrContextLines(full, full.ivrs![0]).join('\n')).not.toContain('Background');
    expect(ivrContextLines(full, { ...full.ivrs![0], sound: '../../etc/passwd' }, { soundsRoot: '/s' }).join('\n')).not.toContain('Background');
  });

  it('extension actions: follow-me in order (0 s skipped, external numbers out through the trunk), exTouch, simTouch', () => {
    expect(extensionSteps(full, full.extensions[2])).toEqual(withDnd(7, '310', [
      'exten => 310,1,Dial(PJSIP/7_310,30)',
      ' same => n,GotoIf($["${DIALSTATUS}" = "ANSWER"]?done)',
      ' same => n,GotoIf($["${DIALSTATUS}" = "BUSY"]?busy)',
      ' same => n,Dial(PJSIP/7_61,15)',
      ' same => n,GotoIf($["${DIALSTATUS}" = "ANSWER"]?done)',
      ' same => n,Dial(PJSIP/5511888880000@trunk_5550000,20)',
      ' same => n,GotoIf($["${DIALSTATUS}" = "ANSWER"]?done)',
      ' same => n,NoOp(follow-me 62 skipped: no timeout)',
      ' same => n(done),Hangup()',
      ' same => n(busy),Dial(PJSIP/5511999990000@trunk_5550000,60)',
      ' same => n,Hangup()',
    ], true));
    expect(extensionSteps(full, full.extensions[3])[1]).toBe(' same => n,Dial(PJSIP/7_320&PJSIP/5511777770000@trunk_5550000,30)');
  });

  it("J-TZ-01 an extension schedule (C-ETC) in the corp's zone: outside it the extension does not ring, the call goes as unanswered", () => {
    const scheduled = { number: '330', enabled: true, action: 'voicemail', onbusy: 'voicemail', schedule: [{ from: '08:00', to: '17:00', days: 'Mon-Fri' }, { from: '09:00', to: '12:00', days: 'Sat' }] };
    expect(extensionSteps({ ...full, timeZone: 'UTC' }, scheduled)).toEqual(withDnd(7, '330', [
      'exten => 330,1,NoOp(extension 330: takes calls on its schedule)',
      ' same => n,GotoIfTime(08:00-16:59,mon&fri,*,*,UTC?ring)',
      ' same => n,GotoIfTime(09:00-11:59,sat,*,*,UTC?ring)',
      ' same => n,Goto(closed)',
      ' same => n(ring),Dial(PJSIP/7_330,30)',
      ' same => n,GotoIf($["${DIALSTATUS}" = "ANSWER"]?done)',
      ' same => n,GotoIf($["${DIALSTATUS}" = "BUSY"]?busy)',
      ' same => n(closed),Set(CHANNEL(hangup_handler_push)=callboard-vm-saved,s,1(c7-vm,330))',
      ' same => n,VoiceMail(330@c7-vm,u)',
      ' same => n(done),Hangup()',
      ' same => n(busy),Set(CHANNEL(hangup_handler_push)=callboard-vm-saved,s,1(c7-vm,330))',
      ' same => n,VoiceMail(330@c7-vm,b)',
      ' same => n,Hangup()',
    ], true));
    expect(extensionSteps(full, { ...scheduled, action: 'ring', onbusy: 'followMe' })).toEqual(withDnd(7, '330', [
      'exten => 330,1,NoOp(extension 330: takes calls on its schedule)',
      ' same => n,GotoIfTime(08:00-16:59,mon&fri,*,*?ring)',
      ' same => n,GotoIfTime(09:00-11:59,sat,*,*?ring)',
      ' same => n,Goto(done)',
      ' same => n(ring),Dial(PJSIP/7_330,30)',
      ' same => n(done),Hangup()',
    ], false));
    // not ringing outside the schedule is not busy: a busy action alone does not apply
    expect(extensionSteps(full, { ...scheduled, action: 'ring', onbusy: 'voicemail' }).slice(4, 9)).toEqual([
      ' same => n,Goto(done)',
      ' same => n(ring),Dial(PJSIP/7_330,30)',
      ' same => n,GotoIf($["${DIALSTATUS}" = "ANSWER"]?done)',
      ' same => n,GotoIf($["${DIALSTATUS}" = "BUSY"]?busy)',
      ' same => n(done),Hangup()',
    ]);
  });

  it('speed dials: *{code} of the corp, *{digit} of the calling extension through c{corp}-speed', () => {
    const text = generateDialplanContexts({ corps: [full] });
    expect(text).toContain('exten => *10,1,NoOp(company speed dial 10)\n same => n,Answer()\n same => n,Queue(7_2,t,,,)');
    expect(text).toContain('exten => *20,1,NoOp(company speed dial 20)\n same => n,Answer()\n same => n,VoiceMailMain(${CALLERID(num)}@c7-vm)');
    expect(text).toContain('exten => _*X,1,Goto(c7-speed,${CUT(CHANNEL(endpoint),_,2)}*${EXTEN:1},1)');
    expect(text).toContain('[c7-speed]\nexten => 310*1,1,NoOp(speed dial 1 of 310)\n same => n,Goto(c7-internal,300,1)');
    // extensions.conf includes the contexts' file
    expect(dialplanMainFile()).toContain('\n#include extensions_callboard.conf\n');
    expect(generateDialplan({ corps: [full] })).toContain('[general]\nstatic = yes');
  });

  it('the files: the database of DATABASE_URL, realtime families on the views, the ARI user; `;` escaped', () => {
    const database = parseDatabaseUrl('postgres://cb:p%3Bw@db.example:6543/callboard');
    expect(database).toEqual({ host: 'db.example', port: 6543, dbname: 'callboard', user: 'cb', password: 'p;w' });
    const files = asteriskConfigFiles({ database, ari: { user: 'callboard', password: 'secret', bindAddr: '127.0.0.1', port: 8088 }, sipBind: '0.0.0.0:5060', dialplan: '[general]\n' });
    expect(files['res_pgsql.conf']).toContain('dbhost = db.example\ndbport = 6543\ndbname = callboard\ndbuser = cb\ndbpass = p\\;w');
    expect(files['cdr_pgsql.conf']).toContain('table = asterisk_cdr');
    expect(files['extconfig.conf']).toContain('ps_endpoints => pgsql,callboard\n');
    expect(files['extconfig.conf']).toContain('queue_log => pgsql,callboard,asterisk_queue_log');
    expect(files['sorcery.conf']).toContain('endpoint = realtime,ps_endpoints');
    expect(files['ari.conf']).toContain('[callboard]\ntype = user\nread_only = no\npassword = secret');
    expect(files['http.conf']).toContain('bindport = 8088');
    expect(files['extensions.conf']).toBe('[general]\n');
  });
});
