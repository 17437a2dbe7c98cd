import { describe, expect, it } from 'vitest';
import { normaliseGrants, roleGroupSchema, VIEWS } from '../../domain';

describe('role group schema', () => {
  it('C-RG-05 name is required; duplicates are not a schema concern', () => {
    const r = roleGroupSchema.safeParse({ roleGroupName: ' ', views: [] });
    expect(r.success ? [] : r.error.issues.map((i) => i.message)).toContain('validation.required');
    expect(roleGroupSchema.safeParse({ roleGroupName: 'Team', views: [] }).success).toBe(true);
  });

  it('C-RG-06 create, update and delete only count when the view is visible (read)', () => {
    const parsed = roleGroupSchema.parse({
      roleGroupName: 'Team',
      views: [
        { name: 'extension', actions: ['create', 'delete'] },
        { name: 'queue', actions: ['read', 'update'] },
      ],
    });
    expect(parsed.views).toEqual([{ name: 'queue', actions: ['read', 'update'] }]);
  });

  it('C-RG-08 unknown views and actions are refused', () => {
    expect(roleGroupSchema.safeParse({ roleGroupName: 'x', views: [{ name: 'nope', actions: ['read'] }] }).success).toBe(false);
    expect(roleGroupSchema.safeParse({ roleGroupName: 'x', views: [{ name: 'panel', actions: ['fly'] }] }).success).toBe(false);
  });

  it('C-RG-04 grants are merged per view and ordered like the grid', () => {
    const merged = normaliseGrants([
      { name: 'user', actions: ['read'] },
      { name: 'cdr', actions: ['read'] },
      { name: 'user', actions: ['delete'] },
    ]);
    expect(merged).toEqual([
      { name: 'cdr', actions: ['read'] },
      { name: 'user', actions: ['read', 'delete'] },
    ]);
    expect(VIEWS.indexOf('cdr')).toBeLessThan(VIEWS.indexOf('user'));
  });
});
