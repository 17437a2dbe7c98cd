/**
 * Integrations in the generated dialplan (G-AST-01; C-INT), without Asterisk: the context of an
 * integration (the sounds, the document asked for, the question to its host, the three outcomes), the
 * destinations that lead to it, the modules and realtime family Asterisk needs, and the view that gives
 * the call its credentials (PGlite and PostgreSQL). asterisk-integration.test.ts runs it on a real Asterisk.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { asteriskConfigFiles, ASTERISK_MODULES, parseDatabaseUrl } from '../../../../server/asterisk/config';
import { destinationSteps, generateDialplanContexts, loadDialplanData, type DialplanCorp } from '../../../../server/asterisk/dialplan';
import { integrationContextLines, type DialplanIntegration } from '../../../../server/asterisk/integration-dialplan';
import { integration } from '../../../../server/db/schema';
import { describeEachDatabase } from '../../fixtures/test-app';

const billing: DialplanIntegration = {
  id: 3,
  name: 'Billing',
  type: 'ISP Integrador',
  host: '10.0.0.9',
  options: ['queue:1', 'exten:300', 'integration:4'],
  sounds: ['opening.wav', 'ask.wav', 'problems.wav', 'closing.wav'],
};

const corp: DialplanCorp = {
  id: 7,
  url: 'x',
  name: 'X',
  extensions: [{ number: '300', enabled: true, action: 'ring', onbusy: 'ring' }],
  queues: [{ id: 1, name: 'Sales', failoverAction: 'hangup', failoverTimeout: 60 }],
  trunks: [{ number: '5550000', action: 'integration:3', outgoing: true, preference: true, enabled: true }],
  integrations: [billing, { id: 4, name: 'Second', type: 'IXC', host: '10.0.0.10', options: ['hangup', 'hangup', 'hangup'], sounds: ['', '', '', ''] }],
};

describe('G-AST-01 an integration in the generated dialplan', () => {
  const lines = integrationContextLines(7, billing, { sound: (file) => (file ? `/sounds/7/${file.replace(/\.wav$/, '')}` : null), steps: (d) => destinationSteps(corp, d) });
  const text = lines.join('\n');

  it('G-AST-01 answers, plays the opening, asks for the document (up to 14 digits, 3 times, 6 s) and still takes digits when the request\'s file is gone', () => {
    expect(lines.slice(0, 9)).toEqual([
      '[c7-integration-3]',
      'exten => s,1,NoOp(integration Billing: ISP Integrador at 10.0.0.9)',
      ' same => n,Answer()',
      ' same => n,Playback(/sounds/7/opening)',
      ' same => n,Set(CB_DOC=)',
      ' same => n,Read(CB_DOC,/sounds/7/ask,14,,3,6)',
      ' same => n,GotoIf($["${READSTATUS}" != "ERROR"]?asked)',
      ' same => n,Read(CB_DOC,,14,,3,6)',
      ' same => n(asked),NoOp(integration 3: document ${CB_DOC})',
    ]);
  });

  it('G-AST-01 asks the host by HTTP POST with the call\'s data, the credentials read through realtime (never written in the file)', () => {
    expect(text).toContain(' same => n,Set(CURLOPT(userpwd)=${REALTIME_FIELD(integrations,id,3,userpwd)})');
    expect(text).toContain(' same => n,Set(CURLOPT(conntimeout)=3)\n same => n,Set(CURLOPT(httptimeout)=5)');
    expect(text).toContain(
      ' same => n,Set(CB_LOOKUP=${CURL(http://10.0.0.9/callboard/v1/customer,integration=3&type=ISP%20Integrador&document=${FILTER(0-9,${CB_DOC})}&caller=${FILTER(0-9,${CALLERID(num)})}&did=${FILTER(0-9,${CALLERID(dnid)})}&uniqueid=${FILTER(0-9.,${UNIQUEID})})})',
    );
    // no answer is told by its length: the JSON's quotes would break a string comparison in the expression
    expect(text).toContain(' same => n,GotoIf($[${LEN(${CB_LOOKUP})} = 0]?failed)');
    // the answer's JSON: not a customer → option1; a customer with debt → option2; without → option3
    expect(text).toContain(' same => n,GotoIf($["${CB_CUSTOMER}" != "1" & "${CB_CUSTOMER}" != "true"]?o1)\n same => n,GotoIf($["${CB_DEBT}" = "1" | "${CB_DEBT}" = "true"]?o2:o3)');
  });

  it('G-AST-01 the outcomes: no answer goes as a non-customer (logged); the customer-problems sound before option2; the closing sound before each', () => {
    const from = (label: string) => lines.slice(lines.findIndex((l) => l.startsWith(` same => n(${label}),`)));
    expect(from('failed').slice(0, 5)).toEqual([
      ' same => n(failed),Log(NOTICE,Callboard: integration 3 Billing had no answer from 10.0.0.9: the caller goes as a non-customer)',
      ' same => n(o1),NoOp(integration 3: a non-customer, option1)',
      ' same => n,Playback(/sounds/7/closing)',
      ' same => n,Answer()',
      ' same => n,Queue(7_1,t,,,60)',
    ]);
    expect(from('o2').slice(0, 4)).toEqual([' same => n(o2),NoOp(integration 3: a customer with debt, option2)', ' same => n,Playback(/sounds/7/problems)', ' same => n,Playback(/sounds/7/closing)', ' same => n,Goto(c7-internal,300,1)']);
    // one integration can lead to another
    expect(from('o3')).toEqual([' same => n(o3),NoOp(integration 3: a customer without debt, option3)', ' same => n,Playback(/sounds/7/closing)', ' same => n,Goto(c7-integration-4,s,1)']);
  });

  it('G-AST-01 without sounds nothing is played and the document is asked in silence; a host that is no address is never asked', () => {
    const bare = integrationContextLines(7, { ...billing, sounds: ['', '', '', ''] }, { sound: () => null, steps: (d) => destinationSteps(corp, d) });
    expect(bare.join('\n')).not.toContain('Playback(');
    expect(bare).toContain(' same => n,Read(CB_DOC,,14,,3,6)');
    const odd = integrationContextLines(7, { ...billing, host: 'evil)},x' }, { sound: () => null, steps: (d) => destinationSteps(corp, d) }).join('\n');
    expect(odd).not.toContain('CURL(');
    expect(odd).toContain('Log(NOTICE,Callboard: integration 3 Billing has no valid host: the caller goes as a non-customer)');
  });

  it('G-AST-01 a trunk, an IVR option or another integration goes to the integration\'s context; one of another corp or gone is logged and hung up', () => {
    expect(destinationSteps(corp, 'integration:3')).toEqual([' same => n,Goto(c7-integration-3,s,1)']);
    expect(destinationSteps(corp, 'integration:9')[0]).toMatch(/Log\(NOTICE,Callboard: destination integration:9 is not in the generated dialplan\)/);
    const all = generateDialplanContexts({ corps: [corp] }, { soundsRoot: '/data/sounds' });
    expect(all).toContain('exten => 5550000,1,NoOp(trunk trunk_5550000)\n same => n,Goto(c7-integration-3,s,1)');
    expect(all).toContain('[c7-integration-3]\nexten => s,1,NoOp(integration Billing: ISP Integrador at 10.0.0.9)\n same => n,Answer()\n same => n,Playback(/data/sounds/7/opening)');
    expect(all).toContain('[c7-integration-4]');
  });

  it('G-AST-01 Asterisk loads Read, CURL and JSON_DECODE, and reads the integrations family from the view', () => {
    expect(ASTERISK_MODULES).toEqual(expect.arrayContaining(['app_read', 'res_curl', 'func_curl', 'func_json', 'func_realtime', 'func_strings']));
    const files = asteriskConfigFiles({ database: parseDatabaseUrl('postgres://a@h/db'), ari: { user: 'u', password: 'p', bindAddr: '127.0.0.1', port: 8088 }, sipBind: '0.0.0.0:5060', dialplan: '' });
    expect(files['extconfig.conf']).toContain('integrations => pgsql,db,asterisk_integration\n');
    expect(files['modules.conf']).toContain('load => func_curl.so\n');
  });
});

describeEachDatabase('G-AST-01 the integration\'s credentials through realtime', (t) => {
  it('G-AST-01 asterisk_integration gives each integration its user:password; the generator reads the corp\'s integrations', async () => {
    const acme = t().ids.corp.acme;
    const [row] = await t()
      .db.insert(integration)
      .values({ corpId: acme, name: 'Realtime check', type: 'SGP', host: '10.1.2.3', user: 'callboard', password: 'se cret', option1: 'hangup', option2: 'exten:201', option3: 'hangup' })
      .returning({ id: integration.id });
    try {
      const result = (await t().db.execute(sql`select id, corp_id, host, userpwd from asterisk_integration where id = ${row.id}`)) as unknown as { rows: Record<string, unknown>[] };
      expect(result.rows).toEqual([{ id: row.id, corp_id: acme, host: '10.1.2.3', userpwd: 'callboard:se cret' }]);
      const data = await loadDialplanData(t().db);
      expect(data.corps.find((c) => c.id === acme)?.integrations).toContainEqual({ id: row.id, name: 'Realtime check', type: 'SGP', host: '10.1.2.3', options: ['hangup', 'exten:201', 'hangup'], sounds: ['', '', '', ''] });
      expect(generateDialplanContexts(data)).not.toContain('se cret');
    } finally {
      await t().db.delete(integration).where(eq(integration.id, row.id));
    }
  });
});
