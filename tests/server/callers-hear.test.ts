import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { readWav } from '../../domain';
import { upload, wav } from './fixtures/sounds';
import { CALLERS, describeEachDatabase, multipart, type Caller } from './fixtures/test-app';

/**
 * What callers hear, against the real database: IVRs (C-IVR), polls and their questions (C-POL),
 * the corp's and a queue's hold music (C-MOH, C-QUE-17..20). Every sound is a file field converted to
 * the WAV Asterisk plays.
 */

const { admin: ADMIN, agent: AGENT, globexAdmin: GLOBEX, super: SUPER } = CALLERS;
type Issue = { path: string; message: string };
type Res = { statusCode: number; body: string; json: () => unknown };
const issuesOf = (res: Res) => ((res.json() as { issues?: Issue[] }).issues ?? []).map((i) => `${i.path}:${i.message.split('|')[0]}`);
type Row = Record<string, unknown> & { id: number; corpId: number; name: string };

describeEachDatabase('IVRs, polls and hold music', (t) => {
  const send = async (method: 'POST' | 'PUT' | 'PATCH', url: string, fields: Parameters<typeof multipart>[0], as: Caller = ADMIN) => {
    const body = await multipart(fields);
    return t().request({ method, url, as, payload: body.payload, headers: body.headers });
  };
  const stored = (row: Row, field: string) => path.join(t().app.ctx.files.root, String(row.corpId), String(row[field]));
  const queues = async (as: Caller = ADMIN) => (await t().get('/api/v1/queue', as)).json() as Row[];
  const queueId = async (name: string) => (await queues()).find((q) => q.name === name)!.id;

  it('C-IVR-10 C-IVR-11 an IVR is created from multipart Name, Sound, SoundIncorrect and option0..option9; C-IVR-01 the list counts the digits that lead somewhere', async () => {
    const sales = await queueId('Sales');
    const res = await send('POST', '/api/v1/ivr', {
      Name: 'Night menu',
      Sound: upload(wav({ rate: 44100, channels: 2, tone: true })),
      SoundIncorrect: upload(wav({ tone: true }), 'again.wav'),
      option0: 'hangup',
      option1: `queue:${sales}`,
      option2: 'exten:201',
      option3: '',
    });
    expect(res.statusCode, res.body).toBe(201);
    const row = res.json() as Row;
    expect(row).toMatchObject({ name: 'Night menu', option0: 'hangup', option1: `queue:${sales}`, option2: 'exten:201', option3: '', option9: '', optionCount: 2 });
    // both sounds are stored as 8 kHz 16-bit mono WAV
    for (const field of ['sound', 'soundIncorrect']) {
      expect(String(row[field])).toMatch(/\.wav$/);
      expect(existsSync(stored(row, field))).toBe(true);
      const fetched = await t().get(`/api/v1/ivr/${row.id}/files/${field}`, ADMIN);
      expect(fetched.statusCode).toBe(200);
      expect(readWav(fetched.rawPayload)).toMatchObject({ format: 1, sampleRate: 8000, channels: 1, bitsPerSample: 16 });
    }
    const listed = ((await t().get('/api/v1/ivr', ADMIN)).json() as Row[]).find((r) => r.id === row.id);
    expect(listed).toMatchObject({ optionCount: 2 });
  });

  it('C-IVR-06 C-IVR-07 the name is letters, digits, underscore and space; the greeting is required (no audio); options are destinations of the corp', async () => {
    const sound = upload(wav());
    expect(issuesOf(await send('POST', '/api/v1/ivr', { Name: 'Menu-1', Sound: sound }))).toEqual(['name:validation.wordSpace']);
    expect(issuesOf(await send('POST', '/api/v1/ivr', { Name: 'No greeting' }))).toEqual(['sound:validation.noAudio']);
    expect(issuesOf(await send('POST', '/api/v1/ivr', { Name: 'Bad option', Sound: sound, option4: 'dance' }))).toEqual(['option4:validation.option']);
    // globex's queue is no destination of acme's
    const helpdesk = t().ids.queue.helpdesk;
    const foreign = await send('POST', '/api/v1/ivr', { Name: 'Foreign', Sound: sound, option1: `queue:${helpdesk}` });
    expect(foreign.statusCode).toBe(400);
    expect(issuesOf(foreign)[0]).toMatch(/^option1:/);
    // nothing was stored for refused requests
    const names = ((await t().get('/api/v1/ivr', ADMIN)).json() as Row[]).map((r) => r.name);
    expect(names).not.toContain('Foreign');
    expect(names).not.toContain('Bad option');
  });

  it('F-ERR-09 a queue an IVR option sends calls to cannot be deleted (523 errors.inUseByIvr); F-ERR-05 IVR names are unique in the corp (406)', async () => {
    const queue = (await t().post('/api/v1/queue', ADMIN, { name: 'Overflow' })).json() as Row;
    expect((await send('POST', '/api/v1/ivr', { Name: 'Overflow menu', Sound: upload(wav()), option5: `queue:${queue.id}` })).statusCode).toBe(201);
    const res = await t().del(`/api/v1/queue/${queue.id}`, ADMIN);
    expect(res.statusCode).toBe(523);
    expect(res.json()).toMatchObject({ message: 'errors.inUseByIvr' });
    const again = await send('POST', '/api/v1/ivr', { Name: 'ACME WELCOME', Sound: upload(wav()) });
    expect(again.statusCode).toBe(406);
    // globex may use the name
    expect((await send('POST', '/api/v1/ivr', { Name: 'Acme welcome', Sound: upload(wav()) }, GLOBEX)).statusCode).toBe(201);
  });

  it('C-IVR-11 an update without a new sound keeps the stored one; a new one replaces it and the old file goes', async () => {
    const created = (await send('POST', '/api/v1/ivr', { Name: 'Keep sound', Sound: upload(wav()) })).json() as Row;
    const kept = await send('PATCH', `/api/v1/ivr/${created.id}`, { id: String(created.id), Name: 'Keep sound', option0: 'exten:202' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ sound: created.sound, option0: 'exten:202' });
    const replaced = (await send('PATCH', `/api/v1/ivr/${created.id}`, { id: String(created.id), Name: 'Keep sound', Sound: upload(wav({ seconds: 1 })) })).json() as Row;
    expect(replaced.sound).not.toBe(created.sound);
    expect(existsSync(stored(created, 'sound'))).toBe(false);
    expect(existsSync(stored(replaced, 'sound'))).toBe(true);
  });

  it('C-IVR-04 C-POL-06 C-POL-14 C-QUE-15 C-QUE-20 the spec\'s paths fetch a sound by its stored name, only for a row the caller may read', async () => {
    const ivr = (await send('POST', '/api/v1/ivr', { Name: 'By name', Sound: upload(wav()), SoundIncorrect: upload(wav({ seconds: 1 })) })).json() as Row;
    for (const field of ['sound', 'soundIncorrect']) {
      const res = await t().get(`/api/v1/ivr/sounds/${String(ivr[field])}`, ADMIN);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('audio/wav');
    }
    expect((await t().get(`/api/v1/ivr/sounds/${String(ivr.sound)}`, GLOBEX)).statusCode).toBe(404);
    expect((await t().get(`/api/v1/ivr/sounds/${String(ivr.sound)}`, null)).statusCode).toBe(401);
    expect((await t().get('/api/v1/ivr/sounds/no-such-file.wav', ADMIN)).statusCode).toBe(404);
    expect((await t().get('/api/v1/ivr/sounds/..%2F..%2Fetc%2Fpasswd', ADMIN)).statusCode).toBe(404);
    // a poll's, a question's, a queue's announcement and a queue's hold music (its name holds the class folder)
    const poll = (await send('POST', '/api/v1/poll', { Name: 'Fetched', Sound: upload(wav()) })).json() as Row;
    expect((await t().get(`/api/v1/poll/sounds/${String(poll.sound)}`, ADMIN)).statusCode).toBe(200);
    const question = (await send('POST', '/api/v1/question', { IdPoll: String(poll.id), Name: 'Q', OrderSequencial: '1', Sound: upload(wav()) })).json() as Row;
    expect((await t().get(`/api/v1/question/getsound/${String(question.sound)}`, ADMIN)).statusCode).toBe(200);
    const queue = (await t().post('/api/v1/queue', ADMIN, { name: 'Announced' })).json() as Row;
    const announced = await send('PUT', `/api/v1/queue/${queue.id}`, { id: String(queue.id), name: 'Announced', announce: upload(wav()) });
    expect(announced.statusCode, announced.body).toBe(200);
    expect((await t().get(`/api/v1/queue/sounds/${String((announced.json() as Row).announce)}`, ADMIN)).statusCode).toBe(200);
    const music = (await send('POST', '/api/v1/mohqueue', { sound: upload(wav()), qId: String(queue.id) })).json() as Row;
    expect((await t().get(`/api/v1/mohQueue/getsound/${String(music.sound)}`, ADMIN)).statusCode).toBe(200);
    expect((await t().get(`/api/v1/mohQueue/getsound/${String(music.sound)}`, GLOBEX)).statusCode).toBe(404);
  });

  it('tenancy: globex neither lists, reads nor deletes acme\'s IVR; the agent without the IVR view is refused', async () => {
    const mine = ((await t().get('/api/v1/ivr', ADMIN)).json() as Row[])[0];
    expect(((await t().get('/api/v1/ivr', GLOBEX)).json() as Row[]).some((r) => r.id === mine.id)).toBe(false);
    expect((await t().get(`/api/v1/ivr/${mine.id}`, GLOBEX)).statusCode).toBe(404);
    expect((await t().get(`/api/v1/ivr/${mine.id}/files/sound`, GLOBEX)).statusCode).toBe(404);
    expect((await t().del(`/api/v1/ivr/${mine.id}`, GLOBEX)).statusCode).toBe(404);
    expect((await t().get('/api/v1/ivr', AGENT)).statusCode).toBe(403);
  });

  it('C-POL-03 C-POL-05 a poll: name and description letters, digits, underscore and space, multipart Name, Sound, Description', async () => {
    expect(issuesOf(await send('POST', '/api/v1/poll', { Name: 'Survey!', Description: 'ok' }))).toEqual(['name:validation.wordSpace']);
    expect(issuesOf(await send('POST', '/api/v1/poll', { Name: 'Survey', Description: 'rate us (1-5)' }))).toEqual(['description:validation.wordSpace']);
    const res = await send('POST', '/api/v1/poll', { Name: 'Support survey', Description: 'After support calls', Sound: upload(wav()) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Support survey', description: 'After support calls', sound: expect.stringMatching(/\.wav$/) });
  });

  it('C-POL-09..14 questions of a poll: listed by idPoll, description, audio and order 1..10 required, each order once per poll (406)', async () => {
    const poll = (await send('POST', '/api/v1/poll', { Name: 'Quality', Description: '' })).json() as Row;
    const other = (await send('POST', '/api/v1/poll', { Name: 'Other', Description: '' })).json() as Row;
    const q = (fields: Record<string, string | ReturnType<typeof upload>>) => send('POST', '/api/v1/question', { IdPoll: String(poll.id), ...fields });
    expect(issuesOf(await q({}))).toEqual(['name:validation.required', 'orderSequencial:validation.required', 'sound:validation.required']);
    expect(issuesOf(await q({ Name: 'Zero', OrderSequencial: '0', Sound: upload(wav()) }))).toEqual(['orderSequencial:validation.range']);
    expect(issuesOf(await q({ Name: 'Eleven', OrderSequencial: '11', Sound: upload(wav()) }))).toEqual(['orderSequencial:validation.range']);
    const first = await q({ Name: 'Were you helped', OrderSequencial: '1', Sound: upload(wav()) });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ idPoll: poll.id, name: 'Were you helped', orderSequencial: 1, corpId: poll.corpId });
    const clash = await q({ Name: 'Same order', OrderSequencial: '1', Sound: upload(wav()) });
    expect(clash.statusCode).toBe(406);
    // another poll may use order 1
    expect((await send('POST', '/api/v1/question', { IdPoll: String(other.id), Name: 'Elsewhere', OrderSequencial: '1', Sound: upload(wav()) })).statusCode).toBe(201);
    expect((await q({ Name: 'Second', OrderSequencial: '2', Sound: upload(wav()) })).statusCode).toBe(201);
    const listed = (await t().get(`/api/v1/question?idPoll=${poll.id}`, ADMIN)).json() as Row[];
    expect(listed.map((r) => [r.orderSequencial, r.name])).toEqual([
      [1, 'Were you helped'],
      [2, 'Second'],
    ]);
    // a question of another corp's poll cannot be added: that poll is unknown to globex
    const intruder = await send('POST', '/api/v1/question', { IdPoll: String(poll.id), Name: 'Intruder', OrderSequencial: '3', Sound: upload(wav()) }, GLOBEX);
    expect(issuesOf(intruder)).toEqual(['idPoll:validation.parentUnknown']);
  });

  it('C-QUE-07 C-POL-07 a queue\'s poll is one of the corp\'s; the switch off clears it; a poll a queue uses cannot be deleted (521)', async () => {
    const sales = (await queues()).find((q) => q.name === 'Sales')!;
    const survey = ((await t().get('/api/v1/poll', ADMIN)).json() as Row[]).find((p) => p.name === 'Sales survey')!;
    expect(sales).toMatchObject({ pollId: survey.id, pollEnabled: true });
    // F-ERR-07: in use by a queue
    const deleted = await t().del(`/api/v1/poll/${survey.id}`, ADMIN);
    expect(deleted.statusCode).toBe(521);
    expect(deleted.json()).toMatchObject({ message: 'errors.inUseByQueue' });
    const off = await t().put(`/api/v1/queue/${sales.id}`, ADMIN, { ...sales, pollEnabled: false, pollId: survey.id });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ pollId: null, pollEnabled: false });
    const globexPoll = (await send('POST', '/api/v1/poll', { Name: 'Globex poll', Description: '' }, GLOBEX)).json() as Row;
    const foreign = await t().put(`/api/v1/queue/${sales.id}`, ADMIN, { ...sales, pollEnabled: true, pollId: globexPoll.id });
    expect(foreign.statusCode).toBe(400);
    expect(issuesOf(foreign)).toEqual(['pollId:validation.refUnknown']);
  });

  it('C-MOH-01 C-MOH-02 C-MOH-05 the corp\'s hold music: uploaded with Sound, named after the file when no name is given, stored in the class folder, deleted with its file', async () => {
    const res = await send('POST', '/api/v1/mohcorp', { Sound: upload(wav({ rate: 16000, tone: true }), 'Smooth jazz.wav') });
    expect(res.statusCode, res.body).toBe(201);
    const row = res.json() as Row;
    expect(row).toMatchObject({ name: 'Smooth jazz', queueId: null });
    expect(String(row.sound)).toMatch(/^moh-corp\//);
    expect(existsSync(stored(row, 'sound'))).toBe(true);
    expect(((await t().get('/api/v1/mohcorp', ADMIN)).json() as Row[]).map((r) => r.name)).toContain('Smooth jazz');
    expect(issuesOf(await send('POST', '/api/v1/mohcorp', { Name: 'Nothing' }))).toEqual(['sound:validation.fileRequired']);
    expect((await t().del(`/api/v1/mohcorp/${row.id}`, ADMIN)).statusCode).toBe(200);
    expect(existsSync(stored(row, 'sound'))).toBe(false);
  });

  it('C-QUE-19 C-QUE-20 a queue\'s hold music: sent with sound and qId, listed by the queue, in the queue class folder; not in the corp\'s list', async () => {
    const sales = await queueId('Sales');
    const res = await send('POST', '/api/v1/mohqueue', { sound: upload(wav(), 'queue tune.wav'), qId: String(sales), cId: '999' });
    expect(res.statusCode, res.body).toBe(201);
    const row = res.json() as Row;
    expect(row).toMatchObject({ name: 'queue tune', queueId: sales, corpId: t().ids.corp.acme });
    expect(String(row.sound)).toMatch(new RegExp(`^moh-q${sales}/`));
    expect(((await t().get(`/api/v1/mohqueue?queueId=${sales}`, ADMIN)).json() as Row[]).map((r) => r.id)).toEqual([row.id]);
    expect(((await t().get('/api/v1/mohcorp', ADMIN)).json() as Row[]).some((r) => r.id === row.id)).toBe(false);
    // globex cannot put music on acme's queue
    expect(issuesOf(await send('POST', '/api/v1/mohqueue', { sound: upload(wav()), qId: String(sales) }, GLOBEX))).toEqual(['queueId:validation.parentUnknown']);
  });

  it('C-QUE-18 a file no decoder reads is refused with a clear 400 on every sound field', async () => {
    const junk = upload(new TextEncoder().encode('<html>not a sound</html>'), 'song.wav');
    expect(issuesOf(await send('POST', '/api/v1/mohcorp', { Sound: junk }))).toEqual(['sound:validation.audioUndecodable']);
    expect(issuesOf(await send('POST', '/api/v1/ivr', { Name: 'Junk', Sound: junk }))).toEqual(['sound:validation.audioUndecodable']);
    expect(issuesOf(await send('POST', '/api/v1/poll', { Name: 'Junk', Sound: junk }))).toEqual(['sound:validation.audioUndecodable']);
  });

  it('F-PERM-03 the supervisor works on a corp\'s IVRs through the working corp', async () => {
    const res = await send('POST', '/api/v1/ivr', { Name: 'From super', Sound: upload(wav()), corpId: String(t().ids.corp.acme) }, SUPER);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ corpId: t().ids.corp.acme });
  });
});
