import zlib from 'node:zlib';
import jpeg from 'jpeg-js';
import { PNG as PNGImage } from 'pngjs';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { DEFAULT_COLOURS, IMAGE_MAX_BYTES } from '../../domain';
import { defaultViews } from '../../domain/permissions';
import { CALLERS, describeEachDatabase, multipart, type Caller } from './fixtures/test-app';

/** A real 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
/** A real 8x8 JPEG (the server decodes what it takes). */
const JPEG = Buffer.from(jpeg.encode({ width: 8, height: 8, data: Buffer.alloc(8 * 8 * 4, 180) }, 80).data);
/** A real 64x48 PNG with a body long enough to cut. */
const BIG_PNG = (() => {
  const png = new PNGImage({ width: 64, height: 48 });
  for (let i = 0; i < png.data.length; i++) png.data[i] = (i * 7) % 256;
  return PNGImage.sync.write(png);
})();
const HTML = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');
const colours = { menuIconColor: '#112233', menuFontColor: 'aabbcc', hoverColor: '445566FF', menuColor: '#778899', backgroundColor: 'F2F2F2', loginTextColor: '000000' };
type Issue = { path: string; message: string };
const issuesOf = (res: { json: () => unknown }) => ((res.json() as { issues?: Issue[] }).issues ?? []).map((i) => `${i.path}:${i.message.split('|')[0]}`);

describeEachDatabase('look and feel', (t) => {
  const { admin } = CALLERS;
  const save = async (fields: Parameters<typeof multipart>[0], caller: Caller = admin) => {
    const { payload, headers } = await multipart(fields);
    return t().request({ method: 'PUT', url: '/api/v1/lookandfeel', as: caller, payload, headers });
  };

  it('A-LOG-05 the public look and feel needs no token; an unknown corp gets the defaults (C-LF-05)', async () => {
    const res = await t().get('/api/v1/lookandfeel/acme', null);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...DEFAULT_COLOURS, tabName: 'Acme', loginImage: null, loginBottomImage: null, favIconImage: null });
    const unknown = await t().get('/api/v1/lookandfeel/initech', null);
    expect(unknown.json()).toEqual({ ...DEFAULT_COLOURS, tabName: '', loginImage: null, loginBottomImage: null, favIconImage: null });
  });

  it('C-LF-06/12 multipart save: colours normalised (6 digits get FF alpha), tab name, a real PNG accepted', async () => {
    const res = await save({ ...colours, tabName: 'Acme Calls', imageLogin: { bytes: PNG, filename: 'login.png', type: 'image/png' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      menuIconColor: '112233FF',
      menuFontColor: 'AABBCCFF',
      hoverColor: '445566FF',
      menuColor: '778899FF',
      backgroundColor: 'F2F2F2FF',
      loginTextColor: '000000FF',
      tabName: 'Acme Calls',
      loginImage: '/api/v1/lookandfeel/acme/images/loginImage',
      loginBottomImage: null,
      favIconImage: null,
    });
    const image = await t().get('/api/v1/lookandfeel/acme/images/loginImage', null);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toContain('public');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    const again = await t().request({ url: '/api/v1/lookandfeel/acme/images/loginImage', headers: { 'if-none-match': String(image.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect((await t().get('/api/v1/lookandfeel/acme/images/favIconImage', null)).statusCode).toBe(404);
  });

  it('C-LF-10 images are replaced only when sent; other users of the corp read it with GET /lookandfeel', async () => {
    const res = await save({ ...colours, tabName: 'Keep images', imageFavIcon: { bytes: PNG, filename: 'fav.png', type: 'image/png' }, imageLogin: { bytes: Buffer.alloc(0), filename: '', type: 'application/octet-stream' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ tabName: 'Keep images', loginImage: '/api/v1/lookandfeel/acme/images/loginImage', favIconImage: '/api/v1/lookandfeel/acme/images/favIconImage' });
    const mine = await t().get('/api/v1/lookandfeel', CALLERS.agent);
    expect(mine.json()).toMatchObject({ tabName: 'Keep images', favIconImage: '/api/v1/lookandfeel/acme/images/favIconImage' });
    expect((await t().get('/api/v1/lookandfeel', null)).statusCode).toBe(401);
  });

  it('C-LF-07/08 a JPEG login bottom image is accepted; C-LF-09 a JPEG favicon is refused', async () => {
    expect((await save({ ...colours, imageLoginBottom: { bytes: JPEG, filename: 'b.jpg', type: 'image/jpeg' } })).statusCode).toBe(200);
    const bottom = await t().get('/api/v1/lookandfeel/acme/images/loginBottomImage', null);
    expect(bottom.headers['content-type']).toBe('image/jpeg');
    const fav = await save({ ...colours, imageFavIcon: { bytes: JPEG, filename: 'f.png', type: 'image/png' } });
    expect(fav.statusCode).toBe(400);
    expect(issuesOf(fav)).toEqual(['imageFavIcon:validation.imageType']);
  });

  it('a file that is not an image is refused whatever its name says; an oversize image is refused', async () => {
    const text = await save({ ...colours, imageLogin: { bytes: Buffer.from('<svg onload="alert(1)"/>'), filename: 'x.png', type: 'image/png' } });
    expect(text.statusCode).toBe(400);
    expect(issuesOf(text)).toEqual(['imageLogin:validation.imageType']);
    const big = Buffer.concat([PNG, Buffer.alloc(IMAGE_MAX_BYTES)]);
    const oversize = await save({ ...colours, imageLogin: { bytes: big, filename: 'big.png', type: 'image/png' } });
    expect(oversize.statusCode).toBe(400);
    expect(issuesOf(oversize)).toEqual(['imageLogin:validation.imageSize']);
    // nothing was stored by the refused saves
    const image = await t().get('/api/v1/lookandfeel/acme/images/loginImage', null);
    expect(image.rawPayload.equals(PNG)).toBe(true);
  });

  it('C-LF-07..09 issue 13: images are decoded, not sniffed: a truncated PNG, a PNG header followed by a web page, a cut JPEG and a giant picture are refused (translated 400)', async () => {
    const before = (await t().get('/api/v1/lookandfeel/acme/images/loginImage', null)).rawPayload;
    const cases: [string, Buffer, string][] = [
      ['half a PNG', BIG_PNG.subarray(0, BIG_PNG.length >> 1), 'validation.imageBroken'],
      ['a PNG without its last byte', BIG_PNG.subarray(0, BIG_PNG.length - 1), 'validation.imageBroken'],
      ['a PNG signature and a web page', Buffer.concat([BIG_PNG.subarray(0, 8), HTML]), 'validation.imageBroken'],
      ['a PNG header (IHDR) and a web page', Buffer.concat([BIG_PNG.subarray(0, 33), HTML]), 'validation.imageBroken'],
      ['a whole PNG with a web page after it', Buffer.concat([BIG_PNG, HTML]), 'validation.imageBroken'],
      ['a JPEG cut before its end', JPEG.subarray(0, JPEG.length - 2), 'validation.imageBroken'],
      ['a PNG that claims 60000 x 60000 pixels', withSize(BIG_PNG, 60_000, 60_000), 'validation.imageDimensions'],
    ];
    for (const [name, bytes, message] of cases) {
      const res = await save({ ...colours, imageLogin: { bytes, filename: 'x.png', type: 'image/png' } });
      expect(res.statusCode, name).toBe(400);
      expect(issuesOf(res), name).toEqual([`imageLogin:${message}`]);
    }
    // the whole picture is taken, and nothing of the refused ones was stored
    expect((await t().get('/api/v1/lookandfeel/acme/images/loginImage', null)).rawPayload.equals(before)).toBe(true);
    expect((await save({ ...colours, imageLogin: { bytes: BIG_PNG, filename: 'ok.png', type: 'image/png' } })).statusCode).toBe(200);
    // the JSON (base64) path reads the picture the same way
    const json = await t().put('/api/v1/lookandfeel', admin, { ...colours, imageLoginBottom: Buffer.concat([BIG_PNG.subarray(0, 8), HTML]).toString('base64') });
    expect(issuesOf(json)).toEqual(['imageLoginBottom:validation.imageBroken']);
  });

  it('C-LF-06 bad colours and a long tab name answer 400 with issues', async () => {
    const res = await save({ ...colours, menuColor: '12345', hoverColor: 'GGGGGG', tabName: 't'.repeat(61) });
    expect(res.statusCode).toBe(400);
    expect(issuesOf(res)).toEqual(expect.arrayContaining(['menuColor:validation.colour', 'hoverColor:validation.colour', 'tabName:validation.maxLength']));
    const missing = await save({ tabName: 'only a name' });
    expect(issuesOf(missing)).toContain('menuIconColor:validation.required');
  });

  it('JSON is accepted too (images as base64)', async () => {
    const res = await t().put('/api/v1/lookandfeel', admin, { ...colours, tabName: 'From JSON', imageLoginBottom: `data:image/png;base64,${PNG.toString('base64')}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ tabName: 'From JSON', loginBottomImage: '/api/v1/lookandfeel/acme/images/loginBottomImage' });
    expect((await t().get('/api/v1/lookandfeel/acme/images/loginBottomImage', null)).headers['content-type']).toBe('image/png');
  });

  it('A-RTE-11 a corp without allowCustom answers 403; level 4 and 5 have no look-and-feel view', async () => {
    const globex = await save(colours, CALLERS.globexAdmin);
    expect(globex.statusCode).toBe(403);
    expect(globex.json()).toMatchObject({ status: 403, message: 'errors.forbidden' });
    expect((await save(colours, CALLERS.agent)).statusCode).toBe(403);
    expect((await save(colours, CALLERS.wall)).statusCode).toBe(403);
    expect((await save(colours, null)).statusCode).toBe(401);
    expect((await t().get('/api/v1/lookandfeel/globex', null)).json()).toMatchObject({ tabName: '' });
  });

  it('A-RTE-11 every level the rule names: 1, 2, 3 and 4 save the look and feel of a corp that allows it (level 4 given the view by its role group); level 5 never, even given the view', async () => {
    const { payload, headers } = await multipart({ ...colours, tabName: 'Level 1' });
    const asSuper = await t().request({ method: 'PUT', url: '/api/v1/lookandfeel', as: CALLERS.super, payload, headers: { ...headers, 'x-working-corp': String(t().ids.corp.acme) } });
    expect(asSuper.statusCode, asSuper.body).toBe(200);
    expect((await save({ ...colours, tabName: 'Level 2' }, CALLERS.owner)).statusCode).toBe(200);
    expect((await save({ ...colours, tabName: 'Level 3' }, CALLERS.admin)).statusCode).toBe(200);
    // the agent (level 4) has no look-and-feel view by default; its role group grants it, and the wall (level 5) joins that group
    expect((await save(colours, CALLERS.agent)).statusCode).toBe(403);
    const group = t().ids.roleGroup.agents;
    const granted = await t().put('/api/v1/rolegroup', admin, { roleGroupId: group, roleGroupName: 'Agents', views: [...defaultViews(4), { name: 'lookAndFeel', actions: ['read', 'update'] }] });
    expect(granted.statusCode, granted.body).toBe(200);
    await t().db.execute(sql`update app_user set role_group_id = ${group} where nick = 'wall'`);
    const asAgent = await save({ ...colours, tabName: 'Level 4' }, CALLERS.agent);
    expect(asAgent.statusCode, asAgent.body).toBe(200);
    expect((await t().get('/api/v1/lookandfeel/acme', null)).json()).toMatchObject({ tabName: 'Level 4' });
    expect((await save({ ...colours, tabName: 'Level 5' }, CALLERS.wall)).statusCode).toBe(403);
    expect((await t().get('/api/v1/lookandfeel/acme', null)).json()).toMatchObject({ tabName: 'Level 4' });
    // and none of them in a corp without allowCustom (globex's admin above; the supervisor working in globex too)
    const { payload: p2, headers: h2 } = await multipart(colours);
    expect((await t().request({ method: 'PUT', url: '/api/v1/lookandfeel', as: CALLERS.super, payload: p2, headers: { ...h2, 'x-working-corp': String(t().ids.corp.globex) } })).statusCode).toBe(403);
  });

  it('level 1 saves the working corp\'s look and feel (or the supervisor corp\'s without one)', async () => {
    const { payload, headers } = await multipart({ ...colours, tabName: 'Set by super' });
    const res = await t().request({ method: 'PUT', url: '/api/v1/lookandfeel', as: CALLERS.super, payload, headers: { ...headers, 'x-working-corp': String(t().ids.corp.acme) } });
    expect(res.statusCode).toBe(200);
    expect((await t().get('/api/v1/lookandfeel/acme', null)).json()).toMatchObject({ tabName: 'Set by super' });
    expect((await save({ ...colours, tabName: 'Supervisor tab' }, CALLERS.super)).statusCode).toBe(200);
    expect((await t().get('/api/v1/lookandfeel/supervisor', null)).json()).toMatchObject({ tabName: 'Supervisor tab' });
  });
});

/** A PNG whose header claims other dimensions (its checksum fixed, so only the size is wrong). */
function withSize(png: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(png);
  out.writeUInt32BE(width, 16);
  out.writeUInt32BE(height, 20);
  out.writeUInt32BE(zlib.crc32(out.subarray(12, 29)), 29);
  return out;
}
