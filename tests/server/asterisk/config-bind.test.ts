/**
 * I-SEC-01 `npm run asterisk:config`: SIP listens on loopback unless ASTERISK_SIP_BIND says otherwise
 * (the demo's 0.0.0.0:5060 with guessable passwords was the toll-fraud door), TLS no wider than UDP, and
 * the manager interface (AMI) stays on ARI's address whatever SIP binds to.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { asteriskConfigFiles, DEFAULT_SIP_BIND, parseDatabaseUrl, sipBindsFromEnv } from '../../../server/asterisk/config';
import { createThrowawayDatabase, postgresSkipReason } from '../fixtures/test-app';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** the `bind = …` of a pjsip.conf section */
function bindOf(pjsip: string, section: string): string | undefined {
  const body = pjsip.split(`[${section}]`)[1]?.split('\n[')[0] ?? '';
  return /^bind = (.*)$/m.exec(body)?.[1];
}

describe('I-SEC-01 where Asterisk listens for SIP', () => {
  it('I-SEC-01 loopback by default; ASTERISK_SIP_BIND opens it; TLS follows its address on 5061 unless ASTERISK_TLS_BIND', () => {
    expect(DEFAULT_SIP_BIND).toBe('127.0.0.1:5060');
    expect(sipBindsFromEnv({})).toEqual({ sipBind: '127.0.0.1:5060', tlsBind: '127.0.0.1:5061' });
    expect(sipBindsFromEnv({ ASTERISK_SIP_BIND: '' })).toEqual({ sipBind: '127.0.0.1:5060', tlsBind: '127.0.0.1:5061' });
    expect(sipBindsFromEnv({ ASTERISK_SIP_BIND: '0.0.0.0:5060' })).toEqual({ sipBind: '0.0.0.0:5060', tlsBind: '0.0.0.0:5061' });
    expect(sipBindsFromEnv({ ASTERISK_SIP_BIND: '192.168.1.10' })).toEqual({ sipBind: '192.168.1.10:5060', tlsBind: '192.168.1.10:5061' });
    expect(sipBindsFromEnv({ ASTERISK_SIP_BIND: '[::1]:5070', ASTERISK_TLS_BIND: '10.0.0.2:5071' })).toEqual({ sipBind: '[::1]:5070', tlsBind: '10.0.0.2:5071' });
    for (const wrong of ['phones.local:5060', '300.1.1.1:5060', '127.0.0.1:70000', '127.0.0.1:']) {
      expect(() => sipBindsFromEnv({ ASTERISK_SIP_BIND: wrong }), wrong).toThrow(`ASTERISK_SIP_BIND must be an IP address and port, e.g. 127.0.0.1:5060, 192.168.1.10:5060 or [::1]:5060 (got "${wrong}")`);
    }
    expect(() => sipBindsFromEnv({ ASTERISK_TLS_BIND: 'x' })).toThrow(/^ASTERISK_TLS_BIND must be an IP address/);
  });

  it('I-SEC-01 the UDP and TLS transports take those addresses; AMI stays on ARI\'s address when SIP is opened', () => {
    const binds = sipBindsFromEnv({ ASTERISK_SIP_BIND: '0.0.0.0:5060' });
    const files = asteriskConfigFiles({
      database: parseDatabaseUrl('postgres://cb@db/callboard'),
      ari: { user: 'callboard', password: 'secret', bindAddr: '127.0.0.1', port: 8088 },
      sipBind: binds.sipBind,
      tls: { certFile: '/c.pem', keyFile: '/k.pem', bind: binds.tlsBind },
      dialplan: '',
    });
    expect(bindOf(files['pjsip.conf'], 'transport-udp')).toBe('0.0.0.0:5060');
    expect(bindOf(files['pjsip.conf'], 'transport-tls')).toBe('0.0.0.0:5061');
    expect(files['manager.conf']).toMatch(/^bindaddr = 127\.0\.0\.1$/m);
    expect(files['http.conf']).toMatch(/^bindaddr = 127\.0\.0\.1$/m);
  });
});

describe.skipIf(postgresSkipReason !== null)('I-SEC-01 npm run asterisk:config', () => {
  const dirs: string[] = [];
  const drops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    for (const drop of drops) await drop();
  });

  it('I-SEC-01 with no ASTERISK_SIP_BIND the written pjsip.conf listens on 127.0.0.1:5060, manager.conf on ARI\'s host, secrets 0640; a wrong address writes nothing', async () => {
    const database = await createThrowawayDatabase();
    drops.push(database.drop);
    const dir = mkdtempSync(path.join(tmpdir(), 'callboard-asterisk-conf-'));
    dirs.push(dir);
    const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATABASE_URL: database.url, ARI_URL: 'http://127.0.0.1:8088', ARI_USER: 'callboard', ARI_PASSWORD: 'change-me', DATA_DIR: dir };
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/asterisk-config.ts', dir], { cwd: ROOT, env, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('SIP listens on 127.0.0.1:5060 only');
    const pjsip = readFileSync(path.join(dir, 'pjsip.conf'), 'utf8');
    expect(bindOf(pjsip, 'transport-udp')).toBe('127.0.0.1:5060');
    expect(pjsip).not.toMatch(/^bind = 0\.0\.0\.0:5060$/m);
    const manager = readFileSync(path.join(dir, 'manager.conf'), 'utf8');
    expect(manager).toMatch(/^bindaddr = 127\.0\.0\.1$/m);
    expect(statSync(path.join(dir, 'manager.conf')).mode & 0o777).toBe(0o640);

    const elsewhere = mkdtempSync(path.join(tmpdir(), 'callboard-asterisk-conf-'));
    dirs.push(elsewhere);
    const wrong = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/asterisk-config.ts', path.join(elsewhere, 'etc')], { cwd: ROOT, env: { ...env, ASTERISK_SIP_BIND: 'phones.local' }, encoding: 'utf8' });
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toContain('ASTERISK_SIP_BIND must be an IP address and port');
    expect(() => statSync(path.join(elsewhere, 'etc'))).toThrow();
  }, 60_000);
});
