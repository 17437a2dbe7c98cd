import { describe, expect, it } from 'vitest';
import { corpRowsQuery, extensionsPerCorpQuery, inUseQuery, kpiQuery, pointsQuery } from '../../../src/features/dashboard/dashboard-api';

describe('dashboard refresh (spec 3 §4)', () => {
  it('D-HOME-08 calls, spend, KPIs and periods every 60 s; the in-use totals every 60 s', () => {
    expect(kpiQuery(null, 0, 'UTC').refetchInterval).toBe(60_000);
    expect(pointsQuery(null, 'UTC').refetchInterval).toBe(60_000);
    expect(corpRowsQuery(null, 7, 'costo', 'UTC').refetchInterval).toBe(60_000);
    expect(inUseQuery(2, 'extensions').refetchInterval).toBe(60_000);
    expect(inUseQuery(2, 'queues').refetchInterval).toBe(60_000);
  });

  it('D-GEN-08 the extensions per corp every 120 s', () => {
    expect(extensionsPerCorpQuery(null).refetchInterval).toBe(120_000);
  });

  it('D-GEN-07 the spend series is read from dash/days/{days}/{metric}/0/group/0 with the zone; the cache keys keep each scope apart', () => {
    expect(corpRowsQuery(null, 7, 'salientes', 'America/Sao_Paulo').queryKey).toEqual(['dashboard', 'corps', null, 7, 'salientes', 'America/Sao_Paulo']);
    expect(kpiQuery(3, 1, 'UTC').queryKey).not.toEqual(kpiQuery(4, 1, 'UTC').queryKey);
  });
});
