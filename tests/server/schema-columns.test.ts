import type { PgColumn } from 'drizzle-orm/pg-core';
import { expect, it } from 'vitest';
import type { SchemaContext } from '../../domain';
import { appUser, extension, kioskScreen } from '../../server/db/schema';
import { BINDINGS } from '../../server/resources';
import { CALLERS, describeEachDatabase } from './fixtures/test-app';

/** The bindings written without a field → column map: their text and number fields, by hand. */
const HAND_MAPS: Record<string, Record<string, PgColumn>> = {
  extension: { pass: extension.pass, outer: extension.outer, description: extension.description, vmpass: extension.vmpass, callgroup: extension.callgroup, maxContacts: extension.maxContacts, timeExtensIds: extension.timeExtensId },
  user: { nick: appUser.nick, name: appUser.name, mail: appUser.mail, corpId: appUser.corpId, roleGroupId: appUser.roleGroupId },
  kioskScreen: { name: kioskScreen.name, secondsPerBoard: kioskScreen.secondsPerBoard },
};

/** Bodies of the resources the demo has no row of (and a user's password, which no row shows). */
const BASES: Record<string, Record<string, unknown>> = {
  user: { pass: 'abcd', passConfirm: 'abcd' },
  kioskScreen: { name: 'Floor', boards: ['agents'] },
  clickToCallKey: { label: 'CRM' },
  mediaServer: { number: '1234' },
  mohCorp: { name: 'Jazz' },
  mohQueue: { name: 'Jazz', queueId: 1 },
  integration: { name: 'Billing', type: 'IXC', host: '10.0.0.1', password: 'abcd', option1: 'hangup', option2: 'hangup', option3: 'hangup' },
  dialer: { name: 'Renewals', action: 'msg', trunkId: 1, timeout: 30, days: '1,2', horaDesde: '09:00', horaHasta: '17:00' },
};

const INT_MAX: Record<string, number> = { PgInteger: 2 ** 31 - 1, PgSerial: 2 ** 31 - 1, PgSmallInt: 2 ** 15 - 1 };

/** Values one past what the column holds, in the shapes a field may accept (letters, digits, an address). */
function overflowing(column: PgColumn): unknown[] {
  const length = (column as PgColumn & { length?: number }).length;
  if (column.columnType === 'PgVarchar' && length) {
    const n = length + 1;
    return ['a'.repeat(n), '1'.repeat(n), `${'a'.repeat(Math.max(1, n - 6))}@b.com`, 'a'.repeat(5000), '1'.repeat(5000)];
  }
  const max = INT_MAX[column.columnType];
  return max === undefined ? [] : [max + 1, String(max + 1), 2 ** 53];
}

function tooBig(column: PgColumn, value: unknown): boolean {
  const length = (column as PgColumn & { length?: number }).length;
  if (typeof value === 'string') return column.columnType === 'PgVarchar' && !!length && value.length > length;
  if (typeof value === 'number') return value > (INT_MAX[column.columnType] ?? Infinity);
  return false;
}

describeEachDatabase('the schemas carry the column limits (issue 13)', (t) => {
  it('F-ERR-03 no field of any resource accepts a value its column cannot hold (text past its length, a number past its type)', async () => {
    const acme = (await t().get(`/api/v1/corp/${t().ids.corp.acme}`, CALLERS.super)).json() as { extLen: number; extMax: number; maxContacts: number };
    const gaps: string[] = [];
    const unusable: string[] = [];
    let checked = 0;
    for (const [name, binding] of Object.entries(BINDINGS)) {
      const columns = (binding.fieldColumns ?? HAND_MAPS[name] ?? {}) as Record<string, PgColumn>;
      const rows = (await t().get(`/api/v1/${binding.definition.path}`, CALLERS.super, { 'x-working-corp': String(t().ids.corp.acme) })).json() as Record<string, unknown>[];
      // a row of each resource as the API gives it: what a client sends back with one field changed
      const base = { ...(Array.isArray(rows) && rows.length > 0 ? rows[0] : {}), ...BASES[name] };
      for (const mode of ['create', 'update'] as const) {
        const ctx: SchemaContext = { mode, actor: { id: t().ids.user.super, level: 1, corpId: t().ids.corp.supervisor }, corp: { id: t().ids.corp.acme, ...acme, extenIni: 200 } };
        const schema = binding.definition.schema(ctx);
        // the row itself must pass, or no value of a field could be told apart from the row's own faults
        const own = schema.safeParse(base);
        if (!own.success) unusable.push(`${name} (${mode}): ${own.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join(', ')}`);
        for (const [field, column] of Object.entries(columns)) {
          if (!column || typeof column !== 'object' || !('columnType' in column) || column === binding.idColumn || column === binding.corpColumn) continue;
          // a field locked on update keeps the row's value whatever is sent (the pipeline)
          if (mode === 'update' && binding.definition.fields.some((f) => f.name === field && f.lockedOnUpdate)) continue;
          for (const value of overflowing(column)) {
            checked++;
            const parsed = schema.safeParse({ ...base, [field]: value });
            const out = parsed.success ? (parsed.data as Record<string, unknown>)[field] : undefined;
            if (parsed.success && tooBig(column, out)) gaps.push(`${name}.${field} (${column.columnType}${'length' in column ? `(${String(column.length)})` : ''}) takes ${String(value).slice(0, 20)}… (${String(value).length} chars)`);
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(200);
    expect(unusable).toEqual([]);
    expect([...new Set(gaps)]).toEqual([]);
  });
});
