import { describe, expect, it } from 'vitest';
import { CORP_DEFAULTS, corpSchema, defaultMonPath, uncapitaliseKeys } from '../../domain';

const valid = { ...CORP_DEFAULTS, url: 'acme', name: 'Acme Corp' };
const issuesOf = (input: unknown) => {
  const r = corpSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}:${i.message.split('|')[0]}`);
};

describe('corp schema', () => {
  it('C-CORP-14 defaults make a valid corp once url and name are set', () => {
    const parsed = corpSchema.parse(valid);
    expect(parsed).toMatchObject({ extLen: 4, extMax: 1, queMax: 1, maxContacts: 1, enabled: true, monEnabled: false, allowCustom: false, costEnabled: false });
  });

  it('C-CORP-05 url is required, word characters and spaces, at most 50', () => {
    expect(issuesOf({ ...valid, url: '' })).toContain('url:validation.required');
    expect(issuesOf({ ...valid, url: 'a'.repeat(50) })).toEqual([]);
    expect(issuesOf({ ...valid, url: 'a'.repeat(51) })).toContain('url:validation.maxLength');
    expect(issuesOf({ ...valid, url: 'my_corp 2' })).toEqual([]);
    expect(issuesOf({ ...valid, url: 'acme-corp' })).toContain('url:validation.wordSpace');
    expect(issuesOf({ ...valid, url: 'acme/x' })).toContain('url:validation.wordSpace');
  });

  it('C-CORP-06 name is required, word characters and spaces, at most 50', () => {
    expect(issuesOf({ ...valid, name: '' })).toContain('name:validation.required');
    expect(issuesOf({ ...valid, name: 'N'.repeat(50) })).toEqual([]);
    expect(issuesOf({ ...valid, name: 'N'.repeat(51) })).toContain('name:validation.maxLength');
    expect(issuesOf({ ...valid, name: 'Ação Ltda' })).toEqual([]);
    expect(issuesOf({ ...valid, name: 'Acme!' })).toContain('name:validation.wordSpace');
  });

  it('C-CORP-07 extLen accepts only 3 or 4', () => {
    for (const extLen of [3, 4, '3']) expect(issuesOf({ ...valid, extLen })).toEqual([]);
    for (const extLen of [2, 5, 0]) expect(issuesOf({ ...valid, extLen })).toContain('extLen:validation.extLen');
  });

  it('C-CORP-08 extMax is 1-799 with length 3 and 1-8999 with length 4', () => {
    expect(issuesOf({ ...valid, extLen: 3, extMax: 1 })).toEqual([]);
    expect(issuesOf({ ...valid, extLen: 3, extMax: 799 })).toEqual([]);
    expect(issuesOf({ ...valid, extLen: 3, extMax: 800 })).toContain('extMax:validation.range');
    expect(issuesOf({ ...valid, extLen: 3, extMax: 0 })).toContain('extMax:validation.range');
    expect(issuesOf({ ...valid, extLen: 4, extMax: 8999 })).toEqual([]);
    expect(issuesOf({ ...valid, extLen: 4, extMax: 9000 })).toContain('extMax:validation.range');
    const r = corpSchema.safeParse({ ...valid, extLen: 3, extMax: 800 });
    expect(r.success ? '' : r.error.issues[0].message).toBe('validation.range|{"min":1,"max":799}');
  });

  it('C-CORP-09 maxContacts is 1 to 5', () => {
    expect(issuesOf({ ...valid, maxContacts: 1 })).toEqual([]);
    expect(issuesOf({ ...valid, maxContacts: 5 })).toEqual([]);
    expect(issuesOf({ ...valid, maxContacts: 0 })).toContain('maxContacts:validation.range');
    expect(issuesOf({ ...valid, maxContacts: 6 })).toContain('maxContacts:validation.range');
    expect(issuesOf({ ...valid, maxContacts: 2.5 })).toContain('maxContacts:validation.integer');
  });

  it('C-CORP-10 queMax is 0 to 99', () => {
    expect(issuesOf({ ...valid, queMax: 0 })).toEqual([]);
    expect(issuesOf({ ...valid, queMax: 99 })).toEqual([]);
    expect(issuesOf({ ...valid, queMax: -1 })).toContain('queMax:validation.range');
    expect(issuesOf({ ...valid, queMax: 100 })).toContain('queMax:validation.range');
  });

  it('C-CORP-11 monPath accepts letters, digits and - + * . /', () => {
    expect(issuesOf({ ...valid, monPath: '/var/spool-1/a+b*c.d' })).toEqual([]);
    expect(issuesOf({ ...valid, monPath: '/var/spool x' })).toContain('monPath:validation.monPath');
    expect(issuesOf({ ...valid, monPath: '/a:b' })).toContain('monPath:validation.monPath');
  });

  it('C-CORP-12 an empty monPath becomes / plus the name without spaces', () => {
    expect(corpSchema.parse({ ...valid, name: 'Acme Corp Two', monPath: '' }).monPath).toBe('/AcmeCorpTwo');
    expect(corpSchema.parse({ ...valid, monPath: '/custom' }).monPath).toBe('/custom');
    expect(defaultMonPath('a b  c')).toBe('/abc');
  });

  it('C-CORP-13 webHook accepts letters, digits and - + * . : # /', () => {
    expect(issuesOf({ ...valid, webHook: 'https://hooks.example.com/a#b' })).toEqual([]);
    expect(issuesOf({ ...valid, webHook: 'https://x.com/?a=1' })).toContain('webHook:validation.webHook');
  });

  it('C-CORP-04 capitalised field names are read like camelCase ones', () => {
    const body = uncapitaliseKeys({ Url: 'globex', Name: 'Globex', ExtLen: 3, ExtMax: 20, QueMax: 1, MaxContacts: 2 });
    expect(corpSchema.parse(body)).toMatchObject({ url: 'globex', name: 'Globex', extLen: 3, extMax: 20, maxContacts: 2 });
  });

  it("J-TZ-01 the corp's time zone: an IANA name the runtime knows; empty or absent keeps the corp's (a new corp: the server's)", () => {
    expect(corpSchema.parse({ ...valid, timeZone: 'America/Sao_Paulo' }).timeZone).toBe('America/Sao_Paulo');
    expect(corpSchema.parse({ ...valid, timeZone: ' Asia/Kolkata ' }).timeZone).toBe('Asia/Kolkata');
    expect(corpSchema.parse({ ...valid, timeZone: '' }).timeZone).toBeUndefined();
    expect(corpSchema.parse({ ...valid, timeZone: undefined }).timeZone).toBeUndefined();
    expect(issuesOf({ ...valid, timeZone: 'Mars/Olympus' })).toEqual(['timeZone:validation.timeZone']);
    expect(issuesOf({ ...valid, timeZone: '-03:00' })).toEqual(['timeZone:validation.timeZone']);
  });

  it('C-CORP-03 flags arrive as 0/1 and leave as booleans', () => {
    expect(corpSchema.parse({ ...valid, enabled: 0, monEnabled: 1, costEnabled: '1' })).toMatchObject({ enabled: false, monEnabled: true, costEnabled: true });
  });
});
