/**
 * The dialplan follows every change, without Asterisk (asterisk-dialplan.test.ts runs it against a real
 * one): a burst of writes makes one rewrite of the included file and one ARI reload
 * (PUT /ari/asterisk/modules/pbx_config.so); an unchanged text neither; a failed reload is retried at
 * the next change.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDialplanSync, dialplanFileFromEnv } from '../../../../server/asterisk/dialplan-sync';
import { ivr } from '../../../../server/db/schema';
import { startTestApp, type TestApp } from '../../fixtures/test-app';

describe('the dialplan sync (a fake ARI)', () => {
  let t: TestApp;
  let stop: () => Promise<void>;
  let ari: Server;
  let ariUrl: string;
  const calls: { method: string; url: string; auth: string }[] = [];
  let status = 204;
  let dir: string;
  const warnings: string[] = [];
  const log = { info: () => undefined, warn: (msg: string) => void warnings.push(msg) };

  beforeAll(async () => {
    ({ testApp: t, stop } = await startTestApp('pglite'));
    ari = createServer((req: IncomingMessage, res) => {
      calls.push({ method: req.method ?? '', url: req.url ?? '', auth: req.headers.authorization ?? '' });
      res.statusCode = status;
      res.end();
    });
    await new Promise<void>((resolve) => ari.listen(0, '127.0.0.1', resolve));
    ariUrl = `http://127.0.0.1:${(ari.address() as AddressInfo).port}`;
    dir = mkdtempSync(path.join(tmpdir(), 'callboard-dialplan-sync-'));
  });

  afterAll(async () => {
    await new Promise((resolve) => ari.close(resolve));
    await stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a burst of changes: one rewrite, one reload; nothing changed: neither; a failed reload is tried again', async () => {
    const file = path.join(dir, 'extensions_callboard.conf');
    const sync = createDialplanSync({ db: t.db, file, ari: { url: `${ariUrl}/ari/`, user: 'callboard', password: 'pw' }, soundsRoot: '/sounds', debounceMs: 50, log });
    for (let i = 0; i < 5; i++) sync.schedule();
    await new Promise((r) => setTimeout(r, 300));
    await sync.flush();
    const auth = `Basic ${Buffer.from('callboard:pw').toString('base64')}`;
    // the dialplan, then the hold music classes beside it (a first write of each)
    expect(calls).toEqual([
      { method: 'PUT', url: '/ari/asterisk/modules/pbx_config.so', auth },
      { method: 'PUT', url: '/ari/asterisk/modules/res_musiconhold.so', auth },
    ]);
    calls.splice(0, 1);
    expect(readFileSync(file, 'utf8')).toContain(`[c${t.ids.corp.acme}-internal]`);
    expect(readFileSync(path.join(dir, 'musiconhold_callboard.conf'), 'utf8')).toContain('hold music classes');
    expect(sync.reloads).toBe(1);
    // the same configuration: no write, no reload
    sync.schedule();
    await new Promise((r) => setTimeout(r, 200));
    await sync.flush();
    expect(calls).toHaveLength(1);
    // a change while Asterisk refuses: a warning, then the next change reloads
    const [menu] = await t.db.select().from(ivr).limit(1);
    await t.db.update(ivr).set({ option9: 'hangup' }).where(eq(ivr.id, menu.id));
    status = 503;
    sync.schedule();
    await new Promise((r) => setTimeout(r, 200));
    await sync.flush();
    expect(warnings).toEqual(['asterisk: the dialplan was not reloaded']);
    expect(readFileSync(file, 'utf8')).toContain(`exten => 9,1,NoOp(ivr ${menu.id} option 9)`);
    status = 204;
    sync.schedule();
    await new Promise((r) => setTimeout(r, 200));
    await sync.flush();
    expect(calls).toHaveLength(3);
    expect(sync.reloads).toBe(2);
    await sync.close();
    sync.schedule();
    expect(dialplanFileFromEnv({ ASTERISK_DIALPLAN_FILE: ' /etc/asterisk/extensions_callboard.conf ' })).toBe('/etc/asterisk/extensions_callboard.conf');
    expect(dialplanFileFromEnv({})).toBeNull();
  });
});
