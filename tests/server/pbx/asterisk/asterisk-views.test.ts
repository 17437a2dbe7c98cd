/**
 * What Asterisk reads and writes, without Asterisk: the realtime views of migration 0008 (on PGlite and
 * PostgreSQL), the triggers that attribute cdr and queue_log rows to the corp, the generated dialplan and
 * the static files of `npm run asterisk:config`. asterisk-realtime.test.ts runs the same against a real
 * Asterisk.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { asteriskConfigFiles, parseDatabaseUrl } from '../../../../server/asterisk/config';
import { destinationSteps, dialplanMainFile, extensionSteps, generateDialplan, generateDialplanContexts, ivrContextLines, loadDialplanData, timeConditionContext, type DialplanCorp } from '../../../../server/asterisk/dialplan';
import { cdr, extension, queueLog, queueMember } from '../../../../server/db/schema';
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
    // a disabled extension is no endpoint
    await t().db.update(extension).set({ enabled: false }).where(eq(extension.id, t().ids.extension.acme201));
    expect(await rows(t(), sql`select id from ps_endpoints where id = ${`${acme}_201`}`)).toEqual([]);
    await t().db.update(extension).set({ enabled: true }).where(eq(extension.id, t().ids.extension.acme201));
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
    expect(text).toContain(`[c${acme}-internal]\nexten => 201,1,Dial(PJSIP/${acme}_201,30)`);
    expect(text).toContain(`exten => 6${sales},1,NoOp(queue Sales)\n same => n,Answer()\n same => n,Queue(${acme}_${sales},t,,,1800)`);
    expect(text).toContain(`exten => _X.,1,Dial(PJSIP/${acme}_\${EXTEN},30)`);
    expect(text).toContain(`[c${acme}-queues]\nexten => ${sales},1,NoOp(queue Sales)\n same => n,Answer()\n same => n,Queue(${acme}_${sales},t,,,1800)\n same => n,Hangup()`);
    expect(text).toMatch(new RegExp(`\\[c${acme}-inbound\\]\\nexten => \\d+,1,NoOp\\(trunk trunk_\\d+\\)`));
  });
});

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

  it('an extension rings 30 s, then its mailbox when its action (no answer) or busy action is voicemail', () => {
    expect(extensionSteps(corp, corp.extensions[0])).toEqual(['exten => 61,1,Dial(PJSIP/7_61,30)', ' same => n,Hangup()']);
    expect(extensionSteps(corp, corp.extensions[1])).toEqual([
      'exten => 300,1,Dial(PJSIP/7_300,30)',
      ' same => n,GotoIf($["${DIALSTATUS}" = "ANSWER"]?done)',
      ' same => n,GotoIf($["${DIALSTATUS}" = "BUSY"]?busy)',
      ' same => n,VoiceMail(300@c7-vm,u)',
      ' same => n(done),Hangup()',
      ' same => n(busy),VoiceMail(300@c7-vm,b)',
      ' same => n,Hangup()',
    ]);
    expect(extensionSteps(corp, { number: '301', enabled: true, action: 'ring', onbusy: 'voicemail' })).toEqual([
      'exten => 301,1,Dial(PJSIP/7_301,30)',
      ' same => n,GotoIf($["${DIALSTATUS}" = "ANSWER"]?done)',
      ' same => n,GotoIf($["${DIALSTATUS}" = "BUSY"]?busy)',
      ' same => n(done),Hangup()',
      ' same => n(busy),VoiceMail(301@c7-vm,b)',
      ' same => n,Hangup()',
    ]);
  });

  it('a queue code that is an extension number stays the extension', () => {
    const text = generateDialplan({ corps: [corp] });
    expect(text).toContain('exten => 61,1,Dial(PJSIP/7_61,30)');
    expect(text).not.toContain('exten => 61,1,Goto');
    expect(text).toContain('exten => 62,1,NoOp(queue Two)\n same => n,Answer()\n same => n,Queue(7_2,t,,,)\n same => n,Log(NOTICE');
    expect(text).toContain('exten => _0X.,1,Dial(PJSIP/${EXTEN}@trunk_5550000,60)');
    expect(text).toContain('exten => 5550000,1,NoOp(trunk trunk_5550000)\n same => n,Answer()\n same => n,Queue(7_2,t,,,)');
    expect(text).toContain(' same => n,Queue(7_2,t,,,)');
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

  it('a time condition: GotoIfTime per option (days joined by &, the end minute exclusive, the zone), else the default', () => {
    expect(timeConditionContext(full, { timeZone: 'America/Sao_Paulo' })).toEqual([
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
    // without a zone: Asterisk's local time
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
    expect(extensionSteps(full, full.extensions[2])).toEqual([
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
    ]);
    expect(extensionSteps(full, full.extensions[3])[0]).toBe('exten => 320,1,Dial(PJSIP/7_320&PJSIP/5511777770000@trunk_5550000,30)');
  });

  it('an extension schedule (C-ETC): outside it the extension does not ring, the call goes as unanswered', () => {
    const scheduled = { number: '330', enabled: true, action: 'voicemail', onbusy: 'voicemail', schedule: [{ from: '08:00', to: '17:00', days: 'Mon-Fri' }, { from: '09:00', to: '12:00', days: 'Sat' }] };
    expect(extensionSteps(full, scheduled, { timeZone: 'UTC' })).toEqual([
      'exten => 330,1,NoOp(extension 330: takes calls on its schedule)',
      ' same => n,GotoIfTime(08:00-16:59,mon&fri,*,*,UTC?ring)',
      ' same => n,GotoIfTime(09:00-11:59,sat,*,*,UTC?ring)',
      ' same => n,Goto(closed)',
      ' same => n(ring),Dial(PJSIP/7_330,30)',
      ' same => n,GotoIf($["${DIALSTATUS}" = "ANSWER"]?done)',
      ' same => n,GotoIf($["${DIALSTATUS}" = "BUSY"]?busy)',
      ' same => n(closed),VoiceMail(330@c7-vm,u)',
      ' same => n(done),Hangup()',
      ' same => n(busy),VoiceMail(330@c7-vm,b)',
      ' same => n,Hangup()',
    ]);
    expect(extensionSteps(full, { ...scheduled, action: 'ring', onbusy: 'followMe' })).toEqual([
      'exten => 330,1,NoOp(extension 330: takes calls on its schedule)',
      ' same => n,GotoIfTime(08:00-16:59,mon&fri,*,*?ring)',
      ' same => n,GotoIfTime(09:00-11:59,sat,*,*?ring)',
      ' same => n,Goto(done)',
      ' same => n(ring),Dial(PJSIP/7_330,30)',
      ' same => n(done),Hangup()',
    ]);
    // not ringing outside the schedule is not busy: a busy action alone does not apply
    expect(extensionSteps(full, { ...scheduled, action: 'ring', onbusy: 'voicemail' }).slice(3, 8)).toEqual([
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
