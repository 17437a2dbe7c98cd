import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { readWav } from '../../domain';
import { upload as file, wav } from './fixtures/sounds';
import { CALLERS, describeEachDatabase, multipart, type Caller } from './fixtures/test-app';

const SUPER = CALLERS.super;

type Row = { id: number; number: string; sound: string; enabled: boolean };

describeEachDatabase('media servers and file fields', (t) => {
  const store = () => t().app.ctx.files.root;
  const send = async (method: 'POST' | 'PUT' | 'PATCH', url: string, fields: Parameters<typeof multipart>[0], as: Caller = SUPER) => {
    const body = await multipart(fields);
    return t().request({ method, url, as, payload: body.payload, headers: body.headers });
  };

  it('F-AUD-08 the RIFF reader: format, rate, channels, bits and duration; truncated and foreign files are none', () => {
    expect(readWav(wav())).toMatchObject({ format: 1, sampleRate: 8000, channels: 1, bitsPerSample: 16, durationSec: 0.5 });
    expect(readWav(wav({ rate: 44100, channels: 2 }))).toMatchObject({ sampleRate: 44100, channels: 2 });
    expect(readWav(wav().subarray(0, 60))).toBeNull();
    expect(readWav(new TextEncoder().encode('<html>not a sound</html>'))).toBeNull();
  });

  it('C-MS-01 C-MS-04 a media server is created with its sound (multipart Number, Sound, Enabled 1/0); the file is stored under the platform folder', async () => {
    const res = await send('POST', '/api/v1/mediaserver', { Number: '7001', Enabled: '0', Sound: file(wav()) });
    expect(res.statusCode, res.body).toBe(201);
    const row = res.json() as Row;
    expect(row).toMatchObject({ number: '7001', enabled: false });
    expect(row.sound).toMatch(/^[0-9a-f-]{36}\.wav$/);
    expect(existsSync(path.join(store(), '0', row.sound))).toBe(true);
    const list = (await t().get('/api/v1/mediaserver', SUPER)).json() as Row[];
    expect(list.some((r) => r.id === row.id)).toBe(true);
  });

  it('F-AUD-05 C-MS-05 the sound is fetched with the bearer token, whole or by HTTP Range', async () => {
    const bytes = wav({ seconds: 1 });
    const row = (await send('POST', '/api/v1/mediaserver', { Number: '7002', Sound: file(bytes) })).json() as Row;
    const whole = await t().get(`/api/v1/mediaserver/${row.id}/files/sound`, SUPER);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/wav');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(Buffer.from(bytes))).toBe(true);
    const part = await t().get(`/api/v1/mediaserver/${row.id}/files/sound`, SUPER, { range: 'bytes=0-43' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-43/${bytes.length}`);
    expect(part.rawPayload.length).toBe(44);
    const tail = await t().get(`/api/v1/mediaserver/${row.id}/files/sound`, SUPER, { range: 'bytes=-10' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.length).toBe(10);
    expect((await t().get(`/api/v1/mediaserver/${row.id}/files/sound`, SUPER, { range: `bytes=${bytes.length + 5}-` })).statusCode).toBe(416);
    expect((await t().get(`/api/v1/mediaserver/${row.id}/files/sound`, null)).statusCode).toBe(401);
    expect((await t().get('/api/v1/mediaserver/999999/files/sound', SUPER)).statusCode).toBe(404);
    // C-MS-05: also by its stored name
    const named = await t().get(`/api/v1/mediaserver/sounds/${row.sound}`, SUPER);
    expect(named.statusCode).toBe(200);
    expect(named.rawPayload.equals(Buffer.from(bytes))).toBe(true);
  });

  it('C-QUE-18 C-MS-04 any audio is taken and stored as the WAV Asterisk plays: 44.1 kHz stereo, 8 bit, float become 8 kHz 16-bit mono', async () => {
    for (const [n, bytes, seconds] of [
      ['7010', wav({ rate: 44100, channels: 2, seconds: 2 }), 2],
      ['7011', wav({ channels: 2 }), 0.5],
      ['7012', wav({ bits: 8 }), 0.5],
      ['7013', wav({ rate: 48000, format: 3, bits: 32 }), 0.5],
    ] as const) {
      const res = await send('POST', '/api/v1/mediaserver', { Number: n, Sound: file(bytes) });
      expect(res.statusCode, `${n} ${res.body}`).toBe(201);
      const stored = await t().get(`/api/v1/mediaserver/${(res.json() as Row).id}/files/sound`, SUPER);
      expect(readWav(stored.rawPayload)).toMatchObject({ format: 1, sampleRate: 8000, channels: 1, bitsPerSample: 16 });
      expect(readWav(stored.rawPayload)!.durationSec).toBeCloseTo(seconds, 1);
    }
  });

  it('C-QUE-18 F-AUD-07 a file no decoder reads is refused with a clear 400, never a 5xx; nothing is stored', async () => {
    const before = readdirSync(path.join(store(), '0')).length;
    for (const [n, bytes] of [
      ['7014', new TextEncoder().encode('<html>not a sound</html>')],
      ['7015', new TextEncoder().encode('RIFF....WAVEhtml')],
      ['7016', new Uint8Array([0xff, 0xfb, 0x90, 0x00, 1, 2, 3])],
      ['7017', new Uint8Array(4096)],
    ] as const) {
      const res = await send('POST', '/api/v1/mediaserver', { Number: n, Sound: file(bytes as Uint8Array) });
      expect(res.statusCode, n).toBe(400);
      expect(res.json()).toMatchObject({ issues: [{ path: 'sound', message: 'validation.audioUndecodable' }] });
    }
    expect(readdirSync(path.join(store(), '0')).length).toBe(before);
  });

  it('C-MS-04 F-AUD-08 a new media server needs its sound; one too long for 2 MB at 8 kHz, or an upload over 25 MB, is refused', async () => {
    const none = await send('POST', '/api/v1/mediaserver', { Number: '7020' });
    expect(none.json()).toMatchObject({ status: 400, issues: [{ path: 'sound', message: 'validation.fileRequired' }] });
    const json = await t().post('/api/v1/mediaserver', SUPER, { number: '7020', sound: 'x.wav' });
    expect(json.json()).toMatchObject({ status: 400, issues: [{ path: 'sound', message: 'validation.fileRequired' }] });
    // more than two minutes once at 8 kHz: more than the 2 MB Asterisk's sounds may take
    const long = await send('POST', '/api/v1/mediaserver', { Number: '7021', Sound: file(wav({ rate: 16000, seconds: 130 })) });
    expect(long.json()).toMatchObject({ status: 400, issues: [{ path: 'sound', message: 'validation.audioSize' }] });
    // an upload over the 25 MB taken at all stops at the size limit
    const huge = await send('POST', '/api/v1/mediaserver', { Number: '7022', Sound: file(new Uint8Array(26 * 1024 * 1024)) });
    expect(huge.statusCode).toBe(400);
    expect((huge.json() as { issues: { path: string; message: string }[] }).issues[0]).toMatchObject({ path: 'sound' });
  });

  it('C-MS-02 C-MS-03 the number is 2 to 14 digits and locked when editing; a new sound replaces the old file, none keeps it', async () => {
    for (const number of ['7', '123456789012345', '70a1']) expect((await send('POST', '/api/v1/mediaserver', { Number: number, Sound: file(wav()) })).statusCode, number).toBe(400);
    const row = (await send('POST', '/api/v1/mediaserver', { Number: '7030', Sound: file(wav()) })).json() as Row;
    const kept = await send('PATCH', `/api/v1/mediaserver/${row.id}`, { Number: '7039', Enabled: '0' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ number: '7030', sound: row.sound, enabled: false });
    const replaced = (await send('PATCH', `/api/v1/mediaserver/${row.id}`, { Sound: file(wav({ seconds: 0.25 })) })).json() as Row;
    expect(replaced.sound).not.toBe(row.sound);
    await new Promise((r) => setTimeout(r, 50));
    expect(existsSync(path.join(store(), '0', row.sound))).toBe(false);
    expect(existsSync(path.join(store(), '0', replaced.sound))).toBe(true);
    // a body naming a file is never taken: the stored name comes from the server only
    const named = await t().patch(`/api/v1/mediaserver/${row.id}`, SUPER, { sound: '../../etc/passwd' });
    expect((named.json() as Row).sound).toBe(replaced.sound);
  });

  it('C-MS-06 deleting a media server removes its file; the number is the platform\'s once (406)', async () => {
    const row = (await send('POST', '/api/v1/mediaserver', { Number: '7040', Sound: file(wav()) })).json() as Row;
    expect((await send('POST', '/api/v1/mediaserver', { Number: '7040', Sound: file(wav()) })).statusCode).toBe(406);
    expect((await t().del(`/api/v1/mediaserver/${row.id}`, SUPER)).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 50));
    expect(existsSync(path.join(store(), '0', row.sound))).toBe(false);
  });

  it('F-PERM-03 media servers are the supervisor\'s: levels 2 to 5 are refused, their uploads never read', async () => {
    for (const who of [CALLERS.owner, CALLERS.admin, CALLERS.agent, CALLERS.wall]) {
      expect((await t().get('/api/v1/mediaserver', who)).statusCode).toBe(403);
      expect((await send('POST', '/api/v1/mediaserver', { Number: '7050', Sound: file(wav()) }, who)).statusCode).toBe(403);
    }
  });
});
