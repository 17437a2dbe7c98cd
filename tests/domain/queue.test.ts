import { describe, expect, it } from 'vitest';
import { QUEUE_STRATEGIES, QUEUE_STRATEGY_OPTIONS, queueResource, queueSchema, uncapitaliseKeys, type ResourceDefinition } from '../../domain';

const valid = { name: 'Sales' };
const issuesOf = (input: unknown) => {
  const r = queueSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}:${i.message.split('|')[0]}`);
};
const out = (input: unknown) => {
  const r = queueSchema.safeParse(input);
  if (!r.success) throw new Error(JSON.stringify(r.error.issues));
  return r.data;
};
const visible = (values: Record<string, unknown>) =>
  (queueResource as ResourceDefinition).fields.filter((f) => !f.visibleWhen || f.visibleWhen(values, { mode: 'create', actor: { id: 1, level: 3, corpId: 2 } })).map((f) => f.name);

describe('queue schema', () => {
  it('C-QUE-02 defaults: ringall, failover hangup after 1800 s, moh default, seconds 10 (sent as 0 with position off), service level 60', () => {
    expect(out(valid)).toEqual({
      name: 'Sales',
      strategy: 'ringall',
      timeout: null,
      failoveraction: 'hangup',
      failovertimeout: 1800,
      moh: 'default',
      pollId: null,
      ringinuse: false,
      position: false,
      seconds: 0,
      autoFill: false,
      serviceLevelSec: 60,
      wrapupSec: 0,
      members: [],
    });
    expect(queueResource.defaults()).toMatchObject({ strategy: 'ringall', failoveraction: 'hangup', failovertimeout: 1800, moh: 'default', seconds: 10, serviceLevelSec: 60 });
    expect(out({ ...queueResource.defaults(), name: 'Q' })).toMatchObject({ strategy: 'ringall', timeout: null, seconds: 0 });
  });

  it('C-QUE-10 the name is required: letters, digits, underscore and space, at most 50', () => {
    expect(issuesOf({})).toEqual(['name:validation.required']);
    expect(issuesOf({ name: '  ' })).toEqual(['name:validation.required']);
    expect(issuesOf({ name: 'Suporte_Nível 2' })).toEqual([]);
    expect(issuesOf({ name: 'Sales-EU' })).toEqual(['name:validation.wordSpace']);
    expect(issuesOf({ name: 'q'.repeat(50) })).toEqual([]);
    expect(issuesOf({ name: 'q'.repeat(51) })).toEqual(['name:validation.maxLength']);
  });

  it('C-QUE-03 the eight strategies of Asterisk', () => {
    expect([...QUEUE_STRATEGIES]).toEqual(['ringall', 'leastrecent', 'fewestcalls', 'random', 'rrmemory', 'linear', 'wrandom', 'rrordered']);
    for (const strategy of QUEUE_STRATEGIES) expect(issuesOf({ ...valid, strategy })).toEqual([]);
    expect(issuesOf({ ...valid, strategy: 'roundrobin' })).toEqual(['strategy:validation.option']);
  });

  it('C-QUE-05 strategy timeout is 0 to 99', () => {
    expect(issuesOf({ ...valid, strategy: 'rrmemory', timeout: -1 })).toEqual(['timeout:validation.range']);
    expect(out({ ...valid, strategy: 'rrmemory', timeout: 0 }).timeout).toBe(0);
    expect(out({ ...valid, strategy: 'rrmemory', timeout: '99' }).timeout).toBe(99);
    expect(issuesOf({ ...valid, strategy: 'rrmemory', timeout: 100 })).toEqual(['timeout:validation.range']);
    // empty means Asterisk's default 15
    expect(out({ ...valid, strategy: 'rrmemory', timeout: '' }).timeout).toBe(15);
  });

  it('C-QUE-04 the strategy timeout is not applicable for ringall: hidden, and stored as null', () => {
    expect(out({ ...valid, strategy: 'ringall', timeout: 30 }).timeout).toBeNull();
    expect(visible({ strategy: 'ringall' })).not.toContain('timeout');
    expect(visible({ strategy: 'linear' })).toContain('timeout');
  });

  it('C-QUE-06 failover timeout is 0 or more and under 9999; shown with a failover action', () => {
    expect(issuesOf({ ...valid, failovertimeout: -1 })).toEqual(['failovertimeout:validation.range']);
    expect(out({ ...valid, failovertimeout: 0 }).failovertimeout).toBe(0);
    expect(out({ ...valid, failovertimeout: 9998 }).failovertimeout).toBe(9998);
    expect(issuesOf({ ...valid, failovertimeout: 9999 })).toEqual(['failovertimeout:validation.range']);
    expect(issuesOf({ ...valid, failoveraction: 'ivr_3' })).toEqual(['failoveraction:validation.option']);
    expect(visible({ failoveraction: 'hangup' })).toContain('failovertimeout');
    expect(visible({ failoveraction: '' })).not.toContain('failovertimeout');
  });

  it('C-QUE-08 announcement frequency 10-60 when position is on, 0 when off', () => {
    const on = { ...valid, position: true };
    expect(issuesOf({ ...on, seconds: 9 })).toEqual(['seconds:validation.range']);
    expect(out({ ...on, seconds: 10 }).seconds).toBe(10);
    expect(out({ ...on, seconds: '60' }).seconds).toBe(60);
    expect(issuesOf({ ...on, seconds: 61 })).toEqual(['seconds:validation.range']);
    expect(issuesOf({ ...on, seconds: 12.5 })).toEqual(['seconds:validation.range']);
    expect(issuesOf({ ...on, seconds: '' })).toEqual(['seconds:validation.required']);
    // the spec's clients send 0 with position off: accepted, stored as 0
    expect(out({ ...valid, position: 0, seconds: 0 }).seconds).toBe(0);
    expect(out({ ...valid, position: false, seconds: 45 }).seconds).toBe(0);
    expect(visible({ position: false })).not.toContain('seconds');
    expect(visible({ position: true })).toContain('seconds');
    // reported together with other errors
    expect(issuesOf({ name: '', position: true, seconds: 5 })).toEqual(['name:validation.required', 'seconds:validation.range']);
  });

  it('C-QUE-11 queue position works only with a hold music', () => {
    expect(issuesOf({ ...valid, position: true, seconds: 20, moh: '' })).toEqual(['moh:validation.mohForPosition']);
    expect(issuesOf({ ...valid, position: false, moh: '' })).toEqual([]);
    // C-MOH-01: none, Asterisk's default, the corp's files or the queue's own files
    for (const moh of ['', 'default', 'corp', 'queue']) expect(issuesOf({ ...valid, moh })).toEqual([]);
    expect(issuesOf({ ...valid, moh: 'jazz/1' })).toEqual(['moh:validation.option']);
  });

  it('C-QUE-09 linear is offered only when creating', () => {
    expect(QUEUE_STRATEGY_OPTIONS.filter((o) => o.only === 'create').map((o) => o.value)).toEqual(['linear']);
  });

  it('service level is 0 to 3600 seconds, default 60 (Asterisk servicelevel, read by the wallboard)', () => {
    expect(issuesOf({ ...valid, serviceLevelSec: -1 })).toEqual(['serviceLevelSec:validation.range']);
    expect(out({ ...valid, serviceLevelSec: 0 }).serviceLevelSec).toBe(0);
    expect(out({ ...valid, serviceLevelSec: 3600 }).serviceLevelSec).toBe(3600);
    expect(issuesOf({ ...valid, serviceLevelSec: 3601 })).toEqual(['serviceLevelSec:validation.range']);
  });

  it('members are extension numbers, each once, in the order given', () => {
    expect(out({ ...valid, members: ['203', 201, '0202', '203'] }).members).toEqual(['203', '201', '202']);
    expect(issuesOf({ ...valid, members: ['20a'] })).toEqual(['members:validation.digits']);
    expect(issuesOf({ ...valid, members: 'all' })).toEqual(['members:validation.invalid']);
  });

  it('C-QUE-02 C-QUE-13 flags arrive as 1/0; the multipart name autofill is read as autoFill', () => {
    const body = uncapitaliseKeys({ Name: 'Billing', Strategy: 'leastrecent', Timeout: 20, Ringinuse: 1, Position: 1, Seconds: 30, autofill: 1 });
    expect(out(body)).toMatchObject({ name: 'Billing', strategy: 'leastrecent', timeout: 20, ringinuse: true, position: true, seconds: 30, autoFill: true });
    expect(out({ ...valid, autoFill: true }).autoFill).toBe(true);
  });

  it('C-QUE-01 the list columns', () => {
    expect(queueResource.columns.map((c) => c.key)).toEqual(['name', 'strategy', 'timeout', 'position', 'seconds', 'ringinuse', 'serviceLevelSec', 'announce']);
  });
});
