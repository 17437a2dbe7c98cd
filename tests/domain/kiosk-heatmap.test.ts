import { describe, expect, it } from 'vitest';
import { foldHeatmap, heatLevel, heatmapAgent, heatmapFit, heatmapRows, HEATMAP, talkShare, type HeatmapLogRow, type KioskHeatmap } from '../../domain/kiosk-heatmap';
import { legendSteps } from '../../kiosk/boards/heatmap-board';

const H = 3_600_000;
const M = 60_000;
const to = Date.UTC(2026, 10, 28, 12);
const from = to - H;
const row = (queuename: string, callid: string, event: string, at: number, agent = '', data2 = ''): HeatmapLogRow => ({ queuename, callid, agent, event, at, data2 });

describe('H-HMAP-01 heatmap fold (agents by queues, last hour)', () => {
  it('H-HMAP-01 calls answered in the hour count; talk counts for its part inside the hour; a call in progress talks until now', () => {
    const cells = foldHeatmap(
      [
        // answered 10 min before the window, talked 15 min: 5 min inside, not a call of the hour
        row('2_1', 'a', 'CONNECT', from - 10 * M, 'PJSIP/2_201'),
        row('2_1', 'a', 'COMPLETECALLER', from + 5 * M, 'PJSIP/2_201', '900'),
        // two calls inside, 3 min each
        row('2_1', 'b', 'CONNECT', from + 10 * M, 'PJSIP/2_201'),
        row('2_1', 'b', 'COMPLETEAGENT', from + 13 * M, 'PJSIP/2_201', '180'),
        row('2_1', 'c', 'CONNECT', from + 20 * M, '201'),
        row('2_1', 'c', 'COMPLETECALLER', from + 23 * M, '201', '180'),
        // another queue, in progress: 2 min so far
        row('2_2', 'd', 'CONNECT', to - 2 * M, 'PJSIP/2_201'),
        // another agent; and rows of another corp and of an ended call before the window (ignored)
        row('2_2', 'e', 'CONNECT', from + 30 * M, 'PJSIP/2_202'),
        row('2_2', 'e', 'COMPLETEAGENT', from + 31 * M, 'PJSIP/2_202', '60'),
        row('3_9', 'f', 'CONNECT', from + 30 * M, 'PJSIP/3_1001'),
        row('2_1', 'g', 'CONNECT', from - 90 * M, 'PJSIP/2_203'),
        row('2_1', 'g', 'COMPLETEAGENT', from - 80 * M, 'PJSIP/2_203', '600'),
      ],
      2,
      to,
    );
    expect(cells).toEqual([
      { queueId: 1, agent: '201', calls: 2, talkSec: 5 * 60 + 360 },
      { queueId: 2, agent: '201', calls: 1, talkSec: 120 },
      { queueId: 2, agent: '202', calls: 1, talkSec: 60 },
    ]);
    expect(heatmapAgent('Local/201@from-queue/n')).toBe('201');
  });

  it('H-HMAP-01 talk share in colour steps: 0 for no talk, then equal parts of the hour; the legend says the same', () => {
    expect(talkShare({ talkSec: 1800 })).toBe(0.5);
    expect(talkShare({ talkSec: 7200 })).toBe(1);
    expect(heatLevel(0)).toBe(0);
    expect(heatLevel(0.01)).toBe(1);
    expect(heatLevel(0.25)).toBe(2);
    expect(heatLevel(0.5)).toBe(3);
    expect(heatLevel(0.99)).toBe(4);
    expect(heatLevel(1)).toBe(4);
    expect(legendSteps()).toEqual([
      { level: 0, from: 0, to: 0 },
      { level: 1, from: 0, to: 25 },
      { level: 2, from: 25, to: 50 },
      { level: 3, from: 50, to: 75 },
      { level: 4, from: 75, to: 100 },
    ]);
  });

  it('H-HMAP-01 rows: busiest first, members without calls after them, one cell per queue of the board', () => {
    const map: KioskHeatmap = {
      windowMs: H,
      queues: [
        { queueId: 1, name: 'Sales' },
        { queueId: 2, name: 'Support' },
      ],
      agents: [
        { number: '201', name: 'Ann' },
        { number: '202', name: 'Bob' },
        { number: '203', name: 'Cy' },
      ],
      cells: [
        { queueId: 1, agent: '202', calls: 3, talkSec: 600 },
        { queueId: 2, agent: '202', calls: 1, talkSec: 100 },
        { queueId: 2, agent: '201', calls: 2, talkSec: 900 },
      ],
      asOf: to,
    };
    const rows = heatmapRows(map);
    expect(rows.map((r) => [r.number, r.name, r.totalCalls, r.totalTalkSec])).toEqual([
      ['201', 'Ann', 2, 900],
      ['202', 'Bob', 4, 700],
      ['203', 'Cy', 0, 0],
    ]);
    expect(rows[0].cells).toEqual([null, { queueId: 2, agent: '201', calls: 2, talkSec: 900 }]);
  });

  it('H-HMAP-01 readable from 5 m on a 55-inch TV: type never under 3.5 % of the screen height; rows that do not fit are left out', () => {
    // a 1080-line TV, a board 900 px high: type ≥ 37.8 px, rows ≥ 60.5 px → 14 rows beside the header
    const fit = heatmapFit(900, 1080, 36, 1.5);
    expect(fit.fontPx).toBeGreaterThanOrEqual(HEATMAP.minTextShareOfHeight * 1080);
    expect(fit.rows).toBe(Math.floor(900 / (HEATMAP.minTextShareOfHeight * 1080 * HEATMAP.rowShareOfText) - 1.5));
    expect(fit.rows * fit.rowPx).toBeLessThanOrEqual(900);
    // few rows: larger type, at most twice the minimum
    const few = heatmapFit(900, 1080, 3, 1.5);
    expect(few.rows).toBe(3);
    expect(few.fontPx).toBeGreaterThan(fit.fontPx);
    expect(few.fontPx).toBeLessThanOrEqual(2 * HEATMAP.minTextShareOfHeight * 1080 + 1e-9);
  });
});
