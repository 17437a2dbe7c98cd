import { describe, expect, it } from 'vitest';
import { C2C_OUTCOME_STATUS, C2C_OUTCOMES, c2cFormBody, c2cFormSchema, c2cKeyId, c2cOutcomeStatus, c2cRequestSchema, parseC2cKeyId } from '../../domain/click-to-call';

const messages = (input: unknown) => {
  const result = c2cFormSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('click-to-call rules (domain/click-to-call.ts)', () => {
  it('E-C2C-01 E-C2C-04 the form has from, to, ID and password; each missing one says all fields are required', () => {
    expect(messages({ from: '', to: '', id: '', password: '' })).toEqual({
      from: 'clickToCall.allFieldsRequired',
      to: 'clickToCall.allFieldsRequired',
      id: 'clickToCall.allFieldsRequired',
      password: 'clickToCall.allFieldsRequired',
    });
  });

  it('E-C2C-02 E-C2C-03 from and to are digits only; ID and password required', () => {
    expect(messages({ from: '20a', to: '+5511', id: 'c2c_1', password: 'x' })).toEqual({ from: 'validation.digits', to: 'validation.digits' });
    expect(messages({ from: ' 201 ', to: '202', id: 'c2c_1', password: 'x' })).toEqual({});
    expect(c2cFormBody(c2cFormSchema.parse({ from: '201', to: '202', id: 'c2c_1', password: 's' }))).toEqual({ exten: '201', destination: '202', key: 'c2c_1', passwd: 's' });
  });

  it('E-C2C-05 the request: exten and destination digits (numbers taken), key and passwd optional (the bearer token names the key)', () => {
    expect(c2cRequestSchema.parse({ exten: 201, destination: '5511999', key: 'c2c_3', passwd: 's' })).toEqual({ exten: '201', destination: '5511999', key: 'c2c_3', passwd: 's' });
    expect(c2cRequestSchema.safeParse({ exten: '201', destination: '202' }).success).toBe(true);
    expect(c2cRequestSchema.safeParse({ exten: -1, destination: '202' }).success).toBe(false);
    expect(c2cRequestSchema.safeParse({ exten: '201', destination: '2'.repeat(33) }).success).toBe(false);
  });

  it('E-C2C-05 a key id is c2c_<int4>; anything else names no key', () => {
    expect(parseC2cKeyId(c2cKeyId(12))).toBe(12);
    expect(parseC2cKeyId('c2c_2147483647')).toBe(2147483647);
    for (const bad of ['c2c_2147483648', 'c2c_0', 'c2c_012', '12', 'C2C_1', 'c2c_1 x', '']) expect(parseC2cKeyId(bad)).toBeNull();
  });
});

describe('J-ONE-01 the click-to-call outcome statuses have one home', () => {
  it('J-ONE-01 every outcome answers its status; a bad or revoked key on the signed-in form is 403 (a 401 would sign the user out)', () => {
    for (const outcome of C2C_OUTCOMES) expect(c2cOutcomeStatus(outcome)).toBe(C2C_OUTCOME_STATUS[outcome]);
    expect([c2cOutcomeStatus('badKey', 'api'), c2cOutcomeStatus('keyRevoked', 'api')]).toEqual([401, 401]);
    expect([c2cOutcomeStatus('badKey', 'form'), c2cOutcomeStatus('keyRevoked', 'form'), c2cOutcomeStatus('busy', 'form')]).toEqual([403, 403, 409]);
  });
});
