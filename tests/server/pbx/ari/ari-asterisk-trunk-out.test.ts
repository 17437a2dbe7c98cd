/**
 * An extension's call out through a trunk (C-SIP: a SIP route, else `0` + the number by the trunk) on a
 * REAL Asterisk (../shared/asterisk) configured as Callboard is since migration 0026: the trunk
 * endpoint's context is the shared dispatch context (TRUNK_INBOUND_CONTEXT), its accountcode its corp.
 * The outgoing trunk leg Dial() creates is allocated in its endpoint's context (chan_pjsip) and takes
 * the caller's exten (app_dial), at priority 1; its accountcode is the trunk's corp. The simulator's
 * leg must say the same (server/pbx/simulator/dial-calls.ts), and the records the same as Asterisk's.
 * Skipped with the reason printed when Asterisk or sipp is not installed.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRUNK_INBOUND_CONTEXT } from '../../../../domain';
import { type AriAdapter, type AriChannel, type AriEvent } from '../../../../server/pbx';
import { asteriskSkipReason, connectAdapter, freeUdpPort, KIT_SIPP, OUR_SIPP, phonePassword, startPbx, type RealAsterisk } from './real-asterisk';
import { waitFor } from './wait';

const TRUNK = '551130002000';
const CORP = 2;
const EXT = '1001';
const ROUTE = { pattern: '9..T', translation: '55..T' };

if (asteriskSkipReason) console.warn(`[real Asterisk] trunk out skipped: ${asteriskSkipReason}`);

describe.skipIf(asteriskSkipReason !== null)('C-SIP an extension calls out through the trunk on a real Asterisk', () => {
  let pbx: RealAsterisk;
  let adapter: AriAdapter;
  const events: AriEvent[] = [];

  beforeAll(async () => {
    pbx = await startPbx({ trunkNumber: TRUNK, corp: { corpId: CORP, extensions: [EXT], queues: [] }, phones: true, routes: [ROUTE] });
    adapter = await connectAdapter(pbx, events);
  }, 40_000);

  afterAll(async () => {
    await adapter?.stop();
    await pbx?.stop();
  });

  /** the phone calls `to` and hangs up after `holdMs` (the carrier, sipp behind the trunk, answers) */
  async function call(to: string, holdMs: number): Promise<number> {
    const port = await freeUdpPort();
    const carrier = pbx.carrier(path.join(KIT_SIPP, 'uas.xml'));
    const phone = spawn(
      'sipp',
      [`127.0.0.1:${pbx.sipPort}`, '-sf', path.join(OUR_SIPP, 'phone-call.xml'), '-s', `${CORP}_${EXT}`, '-au', `${CORP}_${EXT}`, '-ap', phonePassword(EXT), '-key', 'target', to, '-d', String(holdMs), '-p', String(port), '-m', '1', '-i', '127.0.0.1', '-nostdin', '-timeout', '30s'],
      { cwd: pbx.dir, stdio: 'ignore' },
    );
    const code = await new Promise<number>((resolve) => phone.once('exit', (c) => resolve(c ?? -1)));
    await carrier.done;
    return code;
  }

  const trunkChannels = (): AriChannel[] => {
    const seen = new Map<string, AriChannel>();
    for (const e of events) {
      const ch = 'channel' in e ? (e.channel as AriChannel | undefined) : undefined;
      if (ch?.name.startsWith(`PJSIP/trunk_${TRUNK}-`) && !seen.has(ch.id)) seen.set(ch.id, ch);
    }
    return [...seen.values()];
  };
  const legEvents = (id: string) => events.filter((e) => 'channel' in e && (e.channel as AriChannel | undefined)?.id === id) as (AriEvent & { channel: AriChannel })[];

  for (const [title, dialled, sent] of [
    ['0 + the number by the trunk', '011987650001', '011987650001'],
    ['a SIP route 9..T → 55..T', '911987650002', '5511987650002'],
  ] as const) {
    it(`H-WARM-02 C-TRK-04 ${title}: the trunk leg is in ${TRUNK_INBOUND_CONTEXT} at the caller's exten, priority 1, accountcode the corp, at every event`, async () => {
      const before = new Set(trunkChannels().map((c) => c.id));
      expect(await call(dialled, 1500)).toBe(0);
      const leg = trunkChannels().find((c) => !before.has(c.id));
      expect(leg).toBeDefined();
      await waitFor('the trunk leg destroyed', () => legEvents(leg!.id).some((e) => e.type === 'ChannelDestroyed'), 10_000);
      const steps = legEvents(leg!.id).map((e) => `${e.type}${e.type === 'ChannelDialplan' ? ` ${e.dialplan_app}` : ''} ${e.channel.state} ${e.channel.accountcode} ${e.channel.dialplan.context},${e.channel.dialplan.exten},${e.channel.dialplan.priority}`);
      console.log(`[real Asterisk] trunk out ${dialled}: ${JSON.stringify(steps)}`);
      // allocated at `s` of its endpoint's context; app_dial gives it the caller's exten; answered, an empty exten
      const places = [...new Set(steps.map((l) => l.split(' ').slice(-3).join(' ')))];
      expect(places).toEqual([`Down 2 ${TRUNK_INBOUND_CONTEXT},s,1`, `Down 2 ${TRUNK_INBOUND_CONTEXT},${dialled},1`, `Ringing 2 ${TRUNK_INBOUND_CONTEXT},${dialled},1`, `Up 2 ${TRUNK_INBOUND_CONTEXT},${dialled},1`, `Up 2 ${TRUNK_INBOUND_CONTEXT},,1`]);
      expect(steps.filter((l) => l.startsWith('ChannelDialplan'))).toEqual([`ChannelDialplan AppDial Down 2 ${TRUNK_INBOUND_CONTEXT},${dialled},1`, `ChannelDialplan AppDial Up 2 ${TRUNK_INBOUND_CONTEXT},,1`]);
      // its caller the number as dialled, its connected line the extension
      const last = legEvents(leg!.id).at(-1)!.channel;
      expect({ caller: last.caller.number, connected: last.connected.number }).toEqual({ caller: dialled, connected: EXT });
      const dial = events.filter((e): e is Extract<AriEvent, { type: 'Dial' }> => e.type === 'Dial' && e.peer.id === leg!.id);
      expect(dial.map((d) => [d.dialstatus, d.dialstring, d.caller?.dialplan.context, d.peer.dialplan.exten])).toEqual([
        ['', `${sent}@trunk_${TRUNK}`, `c${CORP}-internal`, dialled],
        ['RINGING', '', `c${CORP}-internal`, dialled],
        ['ANSWER', '', `c${CORP}-internal`, ''],
      ]);
      await waitFor('the cdr row', () => pbx.cdrRows().some((r) => r.includes(dialled)), 5000);
      const row = pbx.cdrRows().find((r) => r.includes(dialled))!;
      console.log(`[real Asterisk] trunk out ${dialled} cdr: ${JSON.stringify(row)}`);
      // what the simulator writes for the same call (simulator/dial-calls.ts cdrFields)
      const [accountcode, src, dst, dcontext, , channel, dstchannel, lastapp, lastdata] = row;
      expect({ accountcode, src, dst, dcontext, channel: channel.replace(/-[0-9a-f]+$/, ''), dstchannel: dstchannel.replace(/-[0-9a-f]+$/, ''), lastapp, lastdata }).toEqual({
        accountcode: String(CORP),
        src: EXT,
        dst: dialled,
        dcontext: `c${CORP}-internal`,
        channel: `PJSIP/${CORP}_${EXT}`,
        dstchannel: `PJSIP/trunk_${TRUNK}`,
        lastapp: 'Dial',
        lastdata: `PJSIP/${sent}@trunk_${TRUNK},60`,
      });
      expect(row).toContain('ANSWERED');
    }, 40_000);
  }
});
