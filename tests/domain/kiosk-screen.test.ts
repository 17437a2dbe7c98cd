import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import es from '../../locales/es.json';
import pt from '../../locales/pt.json';
import { canAccess, defaultViews, DEFAULT_KIOSK_THRESHOLDS, THRESHOLD_RULES, KIOSK_RULES, kioskScreenResource, kioskScreenSchema, kioskSessionSchema, resourceAccess, RESOURCES } from '../../domain';

const LOCALES = { en, es, pt };
const valid = { name: 'Floor 2', boards: ['queues'] };
const issuesOf = (input: unknown) => {
  const r = kioskScreenSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}:${i.message.split('|')[0]}`);
};
const out = (input: unknown) => {
  const r = kioskScreenSchema.safeParse(input);
  if (!r.success) throw new Error(JSON.stringify(r.error.issues));
  return r.data;
};

describe('kiosk screen schema', () => {
  it('defaults: 20 s per board, offline shown, numbers shown, the default thresholds', () => {
    expect(out(valid)).toEqual({ name: 'Floor 2', boards: ['queues'], secondsPerBoard: 20, hideOffline: false, privacy: false, thresholds: DEFAULT_KIOSK_THRESHOLDS, noc: false, nocCorps: [] });
    // the defaults themselves pass their own rules
    expect(issuesOf({ ...valid, thresholds: DEFAULT_KIOSK_THRESHOLDS })).toEqual([]);
  });

  it('name: required, 1-50 letters, digits, space, _ and -', () => {
    expect(issuesOf({ ...valid, name: '' })).toEqual(['name:validation.required']);
    expect(issuesOf({ ...valid, name: '   ' })).toEqual(['name:validation.required']);
    expect(issuesOf({ ...valid, name: 'a'.repeat(50) })).toEqual([]);
    expect(issuesOf({ ...valid, name: 'a'.repeat(51) })).toEqual(['name:validation.maxLength']);
    expect(issuesOf({ ...valid, name: 'Piso_3-Ñandú 1' })).toEqual([]);
    expect(issuesOf({ ...valid, name: 'floor/2' })).toEqual(['name:validation.invalid']);
    expect(issuesOf({ boards: ['queues'] })).toEqual(['name:validation.required']);
  });

  it('boards: a non-empty ordered list of known boards, each once', () => {
    expect(out({ ...valid, boards: ['trend', 'agents', 'callers', 'queues'] }).boards).toEqual(['trend', 'agents', 'callers', 'queues']);
    expect(issuesOf({ ...valid, boards: [] })).toEqual(['boards:validation.required']);
    expect(issuesOf({ name: 'x' })).toEqual(['boards:validation.required']);
    expect(issuesOf({ ...valid, boards: ['queues', 'weather'] })).toEqual(['boards.1:validation.option']);
    expect(issuesOf({ ...valid, boards: ['queues', 'queues'] })).toEqual(['boards:validation.invalid']);
  });

  it('secondsPerBoard: 5-3600', () => {
    expect(issuesOf({ ...valid, secondsPerBoard: KIOSK_RULES.secondsMin })).toEqual([]);
    expect(issuesOf({ ...valid, secondsPerBoard: KIOSK_RULES.secondsMax })).toEqual([]);
    expect(issuesOf({ ...valid, secondsPerBoard: 4 })).toEqual(['secondsPerBoard:validation.range']);
    expect(issuesOf({ ...valid, secondsPerBoard: 3601 })).toEqual(['secondsPerBoard:validation.range']);
    expect(issuesOf({ ...valid, secondsPerBoard: 7.5 })).toEqual(['secondsPerBoard:validation.integer']);
  });

  it('flags read 0/1 and booleans', () => {
    expect(out({ ...valid, hideOffline: 1, privacy: true })).toMatchObject({ hideOffline: true, privacy: true });
  });

  it('thresholds: partial sets take the defaults; clear levels on the safe side (service level % mirrored)', () => {
    expect(out({ ...valid, thresholds: { waitingWarning: 4 } }).thresholds).toEqual({ ...DEFAULT_KIOSK_THRESHOLDS, waitingWarning: 4 });
    const t = (patch: Record<string, number>) => issuesOf({ ...valid, thresholds: { ...DEFAULT_KIOSK_THRESHOLDS, ...patch } });
    // higher is worse: clear below the trigger
    expect(t({ waitingClearWarning: 3 })).toEqual(['thresholds.waitingClearWarning:validation.thresholdBelowWarning']);
    expect(t({ waitingClearCritical: 6 })).toEqual(['thresholds.waitingClearCritical:validation.thresholdBelowCritical']);
    expect(t({ waitingWarning: 7 })).toEqual(['thresholds.waitingWarning:validation.thresholdAtMostCritical']);
    expect(t({ waitingWarning: 6, waitingClearWarning: 5 })).toEqual([]);
    expect(t({ longestWaitClearCriticalSec: 120 })).toEqual(['thresholds.longestWaitClearCriticalSec:validation.thresholdBelowCritical']);
    expect(t({ longestWaitClearCriticalSec: 40 })).toEqual(['thresholds.longestWaitClearCriticalSec:validation.thresholdAtLeastClearWarning']);
    // lower is worse: clear above the trigger
    expect(t({ serviceLevelClearWarningPct: 80 })).toEqual(['thresholds.serviceLevelClearWarningPct:validation.thresholdAboveWarning']);
    expect(t({ serviceLevelCriticalPct: 90 })).toEqual(['thresholds.serviceLevelWarningPct:validation.thresholdAtLeastCritical', 'thresholds.serviceLevelClearCriticalPct:validation.thresholdAboveCritical']);
    // ranges
    expect(t({ serviceLevelClearWarningPct: 101 })).toEqual(['thresholds.serviceLevelClearWarningPct:validation.range']);
    expect(t({ waitingClearWarning: -1 })).toEqual(['thresholds.waitingClearWarning:validation.range']);
    expect(issuesOf({ ...valid, thresholds: 'hot' })).toEqual(['thresholds:validation.invalid']);
  });

  it('issue 13: a threshold order error names its rule and the value it is compared with, in every language', () => {
    const messages = (patch: Record<string, number>) => {
      const r = kioskScreenSchema.safeParse({ ...valid, thresholds: { ...DEFAULT_KIOSK_THRESHOLDS, ...patch } });
      return r.success ? [] : r.error.issues.map((i) => i.message);
    };
    expect(messages({ waitingWarning: 9 })).toEqual(['validation.thresholdAtMostCritical|{"value":6}']);
    expect(messages({ waitingClearWarning: 3 })).toEqual(['validation.thresholdBelowWarning|{"value":3}']);
    expect(messages({ serviceLevelClearCriticalPct: 90 })).toEqual(['validation.thresholdAtMostClearWarning|{"value":85}']);
    for (const lang of ['en', 'es', 'pt'] as const) {
      for (const rule of THRESHOLD_RULES) {
        const text = (LOCALES[lang].validation as Record<string, string>)[`threshold${rule[0].toUpperCase()}${rule.slice(1)}`];
        expect(text, `${lang} ${rule}`).toContain('{{value}}');
      }
    }
  });

  it('the session body: corp, screen (id or name) and key', () => {
    expect(kioskSessionSchema.safeParse({ corp: 'acme', screen: 3, key: 'k' }).success).toBe(true);
    expect(kioskSessionSchema.safeParse({ corp: 'acme', screen: 'Floor 2', key: 'k' }).success).toBe(true);
    expect(kioskSessionSchema.safeParse({ corp: 'acme', screen: 'Floor 2', key: '' }).success).toBe(false);
    expect(kioskSessionSchema.safeParse({ corp: '', screen: 1, key: 'k' }).success).toBe(false);
  });
});

describe('kiosk screen resource', () => {
  it('is registered, corp-scoped on /kiosk with the kiosk view; writes need level 3', () => {
    expect(RESOURCES.kioskScreen).toBe(kioskScreenResource);
    expect(kioskScreenResource).toMatchObject({ path: 'kiosk', view: 'kiosk', corpScoped: true, levels: { create: 3, update: 3, delete: 3 } });
    // the resource's ceilings are declared once and canAccess applies them wherever it is asked
    const owner = { level: 2 as const, views: defaultViews(2) };
    const custom = { level: 4 as const, views: [{ name: 'kiosk' as const, actions: ['read' as const, 'update' as const] }] };
    expect(canAccess(owner, resourceAccess(kioskScreenResource, 'update'))).toBe(true);
    expect(canAccess(custom, resourceAccess(kioskScreenResource, 'update'))).toBe(false);
    expect(canAccess(custom, resourceAccess(kioskScreenResource, 'read'))).toBe(true);
  });

  it('level 5 reads through its default views, level 4 has no kiosk view, level 5 never writes', () => {
    const subject = (level: 3 | 4 | 5) => ({ level, views: defaultViews(level) });
    expect(canAccess(subject(5), { view: 'kiosk', action: 'read' })).toBe(true);
    expect(canAccess(subject(5), { view: 'kiosk', action: 'create' })).toBe(false);
    expect(canAccess(subject(4), { view: 'kiosk', action: 'read' })).toBe(false);
    expect(canAccess(subject(3), { view: 'kiosk', action: 'create' })).toBe(true);
  });
});
