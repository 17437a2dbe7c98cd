import { describe, expect, it } from 'vitest';
import { ACTIONS, canAccess, defaultViews, LEVELS, SYSTEM_VIEWS, VIEWS, type Level } from '../../domain';

const user = (level: Level) => ({ level, views: defaultViews(level) });

describe('canAccess', () => {
  it('F-PERM-01 the supervisor may do everything', () => {
    for (const view of VIEWS) for (const action of ACTIONS) expect(canAccess(user(1), { view, action })).toBe(true);
  });

  it('F-PERM-03 system views are for level 1 only, whatever a role group grants', () => {
    const everything = VIEWS.map((name) => ({ name, actions: [...ACTIONS] }));
    for (const level of [2, 3, 4, 5] as Level[]) {
      for (const view of SYSTEM_VIEWS) expect(canAccess({ level, views: everything }, { view, action: 'read' })).toBe(false);
    }
  });

  it('A-RTE-15 user administration is refused to levels 4 and 5 even when granted', () => {
    const granted = [{ name: 'user' as const, actions: [...ACTIONS] }];
    expect(canAccess({ level: 4, views: granted }, { view: 'user', action: 'read' })).toBe(false);
    expect(canAccess({ level: 5, views: granted }, { view: 'user', action: 'read' })).toBe(false);
    expect(canAccess({ level: 3, views: granted }, { view: 'user', action: 'read' })).toBe(true);
  });

  it('F-PERM-06 a view decides each action separately', () => {
    const subject = { level: 3 as const, views: [{ name: 'extension' as const, actions: ['read' as const, 'update' as const] }] };
    expect(canAccess(subject, { view: 'extension', action: 'read' })).toBe(true);
    expect(canAccess(subject, { view: 'extension', action: 'update' })).toBe(true);
    expect(canAccess(subject, { view: 'extension', action: 'create' })).toBe(false);
    expect(canAccess(subject, { view: 'queue', action: 'read' })).toBe(false);
  });

  it('A-LOG-16 F-PERM-01 B-PNL-08 a monitor reads the panel and what it shows (extensions, queues) and never writes', () => {
    expect(canAccess(user(5), { view: 'panel', action: 'read' })).toBe(true);
    expect(canAccess({ level: 5, views: [{ name: 'panel', actions: [...ACTIONS] }] }, { view: 'panel', action: 'update' })).toBe(false);
    // issue 13: without these the level 5 panel showed "No queues." (GET extension and queue were 403)
    expect(canAccess(user(5), { view: 'extension', action: 'read' })).toBe(true);
    expect(canAccess(user(5), { view: 'queue', action: 'read' })).toBe(true);
    for (const action of ['create', 'update', 'delete'] as const) {
      expect(canAccess(user(5), { view: 'extension', action })).toBe(false);
      expect(canAccess(user(5), { view: 'queue', action })).toBe(false);
    }
    expect(canAccess(user(5), { view: 'user', action: 'read' })).toBe(false);
    expect(canAccess(user(5), { view: 'cdr', action: 'read' })).toBe(false);
  });

  it('A-MENU-09 a plain user reads statistics and voice mail and updates extensions', () => {
    const u = user(4);
    expect(canAccess(u, { view: 'statistics', action: 'read' })).toBe(true);
    expect(canAccess(u, { view: 'voiceMail', action: 'read' })).toBe(true);
    expect(canAccess(u, { view: 'extension', action: 'update' })).toBe(true);
    expect(canAccess(u, { view: 'extension', action: 'create' })).toBe(false);
    expect(canAccess(u, { view: 'extension', action: 'delete' })).toBe(false);
  });

  it('F-PERM-01 nobody signed out may do anything', () => {
    for (const view of VIEWS) expect(canAccess(null, { view, action: 'read' })).toBe(false);
  });

  it('F-PERM-01 every level has a non-empty default grant list', () => {
    for (const level of LEVELS) expect(defaultViews(level).length).toBeGreaterThan(0);
  });
});
