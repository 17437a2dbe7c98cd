import { describe, expect, it } from 'vitest';
import { splitHours } from '../../../server/routes/reports/dashboard-queries';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();

describe('dashboard totals: rollup hours and split hours', () => {
  it('D-HOME-07 days cut on whole UTC hours (São Paulo) come from the rollup alone', () => {
    const { rollup, split, raw } = splitHours(at('2025-03-04T03:00:00Z'), at('2025-03-06T03:00:00Z'), [at('2025-03-05T03:00:00Z')]);
    expect(rollup?.map(iso)).toEqual(['2025-03-04T03:00:00.000Z', '2025-03-06T03:00:00.000Z']);
    expect(split).toEqual([]);
    expect(raw).toEqual([]);
  });

  it('D-HOME-07 a zone half an hour off (Kolkata): the hours its midnights split are read from the calls, the rest from the rollup', () => {
    const { rollup, split, raw } = splitHours(at('2025-03-03T18:30:00Z'), at('2025-03-05T18:30:00Z'), [at('2025-03-04T18:30:00Z')]);
    expect(rollup?.map(iso)).toEqual(['2025-03-03T19:00:00.000Z', '2025-03-05T18:00:00.000Z']);
    expect(split.map(iso)).toEqual(['2025-03-03T18:00:00.000Z', '2025-03-04T18:00:00.000Z', '2025-03-05T18:00:00.000Z']);
    expect(raw.map(([a, b]) => [iso(a), iso(b)])).toEqual([
      ['2025-03-03T18:30:00.000Z', '2025-03-03T19:00:00.000Z'],
      ['2025-03-04T18:00:00.000Z', '2025-03-04T19:00:00.000Z'],
      ['2025-03-05T18:00:00.000Z', '2025-03-05T18:30:00.000Z'],
    ]);
  });

  it('a window inside one hour has no rollup part', () => {
    const { rollup, raw } = splitHours(at('2025-03-04T10:15:00Z'), at('2025-03-04T10:45:00Z'), []);
    expect(rollup).toBeNull();
    expect(raw.map(([a, b]) => [iso(a), iso(b)])).toEqual([['2025-03-04T10:15:00.000Z', '2025-03-04T10:45:00.000Z']]);
  });
});
