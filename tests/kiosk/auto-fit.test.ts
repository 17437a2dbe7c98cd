import { describe, expect, it } from 'vitest';
import { densePadding, DENSE_TILE, fitTiles, isDense, legibleDistanceM, showsName, showsTimer, type FitInput, type FitResult, type TileDetail } from '../../kiosk/layout/auto-fit';

const SCREENS = [
  { width: 1920, height: 1080, minFont: 14, header: 40 },
  { width: 3840, height: 2160, minFont: 28, header: 80 },
] as const;
const ASPECT = { min: 1, max: 2.5 };

function checkGrid(r: FitResult, input: FitInput, header: number): void {
  const { width, height, count } = input;
  const tiles = r.overflow ? r.perPage : count;
  expect(r.columns * r.rows).toBeGreaterThanOrEqual(tiles);
  // no needless empty row or column
  expect((r.columns - 1) * r.rows).toBeLessThan(tiles);
  expect(r.columns * r.tileWidth + (r.columns - 1) * r.gap).toBeLessThanOrEqual(width);
  expect(r.rows * r.tileHeight + (r.rows - 1) * r.gap).toBeLessThanOrEqual(height - header);
  expect(r.fontPx).toBeGreaterThanOrEqual(r.minFontPx);
  const aspect = r.tileWidth / r.tileHeight;
  expect(aspect).toBeGreaterThanOrEqual(ASPECT.min * 0.97); // integer rounding of the trimmed side
  expect(aspect).toBeLessThanOrEqual(ASPECT.max * 1.03);
  // the main number fits the tile's height and its 4 digits its width
  expect(r.fontPx).toBeLessThanOrEqual(r.tileHeight);
  expect(r.fontPx * (4 * 0.55 + 0.3)).toBeLessThanOrEqual(r.tileWidth + 1);
  // every line the tile shows is at least the minimum size
  if (r.detail !== 'number') expect(r.timerFontPx).toBeGreaterThanOrEqual(r.minFontPx);
  if (r.detail === 'full') expect(r.secondaryFontPx).toBeGreaterThanOrEqual(r.minFontPx);
}

describe('kiosk auto-fit', () => {
  for (const s of SCREENS) {
    it(`kiosk auto-fit: 1..2000 tiles fit ${s.width}x${s.height} without overflow, font never below the minimum (${s.minFont} px), aspect within 1..2.5`, () => {
      for (let count = 1; count <= 2000; count++) {
        const input = { width: s.width, height: s.height, count };
        const r = fitTiles(input);
        expect(r.minFontPx).toBe(s.minFont);
        expect(r.overflow).toBe(false);
        expect(r.perPage).toBe(count);
        checkGrid(r, input, s.header);
      }
    });

    it(`kiosk auto-fit: more tiles never give a larger font or a larger tile on ${s.width}x${s.height}`, () => {
      let prev = fitTiles({ width: s.width, height: s.height, count: 1 });
      for (let count = 2; count <= 2000; count++) {
        const r = fitTiles({ width: s.width, height: s.height, count });
        expect(r.fontPx).toBeLessThanOrEqual(prev.fontPx);
        expect(r.secondaryFontPx).toBeLessThanOrEqual(prev.secondaryFontPx);
        expect(r.timerFontPx).toBeLessThanOrEqual(prev.timerFontPx);
        prev = r;
      }
    });
  }

  it('kiosk auto-fit: tiles fill the area — no spare room for another column or row of the same tile', () => {
    for (const count of [10, 37, 100, 500, 1000, 2000]) {
      const r = fitTiles({ width: 1920, height: 1080, count });
      // the tile uses the area: one more column or row than needed would not fit the same tile
      const spareW = 1920 - (r.columns * r.tileWidth + (r.columns - 1) * r.gap);
      const spareH = 1040 - (r.rows * r.tileHeight + (r.rows - 1) * r.gap);
      expect(Math.min(spareW / r.columns, spareH / r.rows)).toBeLessThan(Math.max(r.tileWidth, r.tileHeight));
    }
  });

  it('kiosk auto-fit: tiles as large as possible — no other grid that holds the tiles gives a tile larger both ways', () => {
    for (const count of [1, 2, 7, 10, 37, 100, 333, 500, 1000, 1999, 2000]) {
      const r = fitTiles({ width: 1920, height: 1080, count });
      for (let columns = 1; columns <= count; columns++) {
        const rows = Math.ceil(count / columns);
        const rawW = Math.floor((1920 - (columns - 1) * r.gap) / columns);
        const rawH = Math.floor((1040 - (rows - 1) * r.gap) / rows);
        const w = Math.min(rawW, Math.floor(ASPECT.max * rawH));
        const h = Math.min(rawH, Math.floor(rawW / ASPECT.min));
        expect(w > r.tileWidth && h > r.tileHeight, `${count} tiles: ${columns}x${rows} gives ${w}x${h}`).toBe(false);
      }
    }
  });

  it('kiosk auto-fit: a 4K screen gets the same grid as 1080p at twice the sizes (the minimum scales with height)', () => {
    for (const count of [10, 100, 500, 1000, 2000]) {
      const hd = fitTiles({ width: 1920, height: 1080, count });
      const uhd = fitTiles({ width: 3840, height: 2160, count });
      expect([uhd.columns, uhd.rows]).toEqual([hd.columns, hd.rows]);
      expect(uhd.fontPx).toBeGreaterThanOrEqual(2 * hd.fontPx - 1);
    }
  });

  it('kiosk auto-fit: figures — few tiles show every line, 2,000 tiles show the number at the minimum', () => {
    const at = (count: number) => fitTiles({ width: 1920, height: 1080, count });
    expect(at(10)).toMatchObject({ columns: 5, rows: 2, detail: 'full' });
    expect(at(100).detail).toBe('full');
    expect(at(450).fontPx).toBeGreaterThanOrEqual(28); // ten-metre size up to ~450 tiles
    expect(at(2000)).toMatchObject({ columns: 45, rows: 45, detail: 'number', overflow: false });
    expect(at(2000).fontPx).toBeGreaterThanOrEqual(14);
  });

  it('kiosk auto-fit: overflow only when even the minimum cannot fit, then perPage is the most that fits', () => {
    // a floor that must read every tile from ten metres (28 px at 1080p) paginates 2,000 tiles
    const r = fitTiles({ width: 1920, height: 1080, count: 2000, minFontPx: 28 });
    expect(r.overflow).toBe(true);
    expect(r.perPage).toBeGreaterThan(400);
    expect(r.perPage).toBeLessThan(2000);
    checkGrid(r, { width: 1920, height: 1080, count: 2000 }, 40);
    const page = fitTiles({ width: 1920, height: 1080, count: r.perPage, minFontPx: 28 });
    expect(page.overflow).toBe(false);
    expect(fitTiles({ width: 1920, height: 1080, count: r.perPage + 1, minFontPx: 28 }).overflow).toBe(true);
  });

  it('kiosk auto-fit: honours gap, header and aspect options; rejects nonsense', () => {
    const r = fitTiles({ width: 1280, height: 720, count: 60, gap: 10, headerHeight: 100, aspect: { min: 1.5, max: 2 } });
    expect(r.gap).toBe(10);
    expect(r.rows * r.tileHeight + (r.rows - 1) * 10).toBeLessThanOrEqual(620);
    expect(r.tileWidth / r.tileHeight).toBeGreaterThanOrEqual(1.45);
    expect(r.tileWidth / r.tileHeight).toBeLessThanOrEqual(2.05);
    expect(fitTiles({ width: 1920, height: 1080, count: 0 })).toMatchObject({ columns: 0, rows: 0, perPage: 0, overflow: false });
    expect(() => fitTiles({ width: 0, height: 1080, count: 10 })).toThrow(RangeError);
    expect(() => fitTiles({ width: 1920, height: 1080, count: 2.5 })).toThrow(RangeError);
    expect(() => fitTiles({ width: 1920, height: 1080, count: 10, aspect: { min: 3, max: 1 } })).toThrow(RangeError);
  });

  it('kiosk auto-fit: deterministic and under 1 ms for any count', () => {
    expect(fitTiles({ width: 1920, height: 1080, count: 777 })).toEqual(fitTiles({ width: 1920, height: 1080, count: 777 }));
    for (let i = 0; i < 50; i++) fitTiles({ width: 1920, height: 1080, count: 2000 }); // warm up
    const runs = 200;
    const t0 = performance.now();
    for (let i = 0; i < runs; i++) fitTiles({ width: 3840, height: 2160, count: 2000 - i });
    expect((performance.now() - t0) / runs).toBeLessThan(1);
  });

  it('kiosk auto-fit: legible distance — 14 px at 1080p on a 65" panel reads at about 5 m, 28 px at about 10 m', () => {
    expect(legibleDistanceM(14, 1080)).toBeGreaterThan(4.5);
    expect(legibleDistanceM(14, 1080)).toBeLessThan(6);
    expect(legibleDistanceM(28, 1080)).toBeGreaterThan(10);
  });

  describe('named dense floors (names: true)', () => {
    const RANK: Record<TileDetail, number> = { full: 4, 'name-timer': 3, name: 2, compact: 1, number: 0 };
    /** the Agents board's area below its strip of totals, as bench:wallboard's viewports give it (no header: the board has its own) */
    const BOARDS = [
      { width: 1920, height: 1000, minFont: 13, nameMin: 12 },
      { width: 3840, height: 2050, minFont: 27, nameMin: 14 },
    ] as const;

    /** the dense tile's lines within it, at the auto-fit's em widths (4-digit numbers) */
    function checkDense(r: FitResult): void {
      const pad = densePadding(r.tileWidth, r.tileHeight);
      const innerW = r.tileWidth - 2 * pad.x;
      expect(r.fontPx).toBeGreaterThanOrEqual(r.minFontPx);
      expect(r.secondaryFontPx).toBeGreaterThanOrEqual(r.nameMinFontPx);
      expect(r.fontPx * DENSE_TILE.numberLineEm + r.secondaryFontPx * DENSE_TILE.nameLineEm).toBeLessThanOrEqual(r.tileHeight - 2 * pad.y);
      const numberW = 4 * 0.55 * r.fontPx;
      const timerW = r.detail === 'name-timer' ? (DENSE_TILE.timerGapEm + DENSE_TILE.timerChars * 0.55) * r.timerFontPx : 0;
      expect(numberW + timerW).toBeLessThanOrEqual(innerW);
      expect(DENSE_TILE.nameMinChars * 0.55 * r.secondaryFontPx).toBeLessThanOrEqual(innerW);
    }

    for (const b of BOARDS) {
      for (const full of [true, false]) {
      it(`H-PERF-01 H-PERF-02 kiosk auto-fit with names${full ? '' : ', never full (the canvas)'} on ${b.width}x${b.height}: 1..2000 tiles never show more lines with more tiles, nor a larger number at the same lines; every line at its minimum or more`, () => {
        let prev: FitResult | null = null;
        for (let count = 1; count <= 2000; count++) {
          const input = { width: b.width, height: b.height, count, headerHeight: 0, names: true, full };
          const r = fitTiles(input);
          if (!full) expect(r.detail).not.toBe('full');
          expect(r).toMatchObject({ minFontPx: b.minFont, nameMinFontPx: b.nameMin, overflow: false, perPage: count });
          expect(r.columns * r.rows).toBeGreaterThanOrEqual(count);
          expect((r.columns - 1) * r.rows).toBeLessThan(count);
          expect(r.columns * r.tileWidth + (r.columns - 1) * r.gap).toBeLessThanOrEqual(b.width);
          expect(r.rows * r.tileHeight + (r.rows - 1) * r.gap).toBeLessThanOrEqual(b.height);
          if (isDense(r.detail)) checkDense(r);
          else checkGrid(r, input, 0);
          if (prev) {
            expect(RANK[r.detail], `${count} tiles: ${prev.detail} → ${r.detail}`).toBeLessThanOrEqual(RANK[prev.detail]);
            if (r.detail === prev.detail) expect(r.fontPx, `${count} tiles`).toBeLessThanOrEqual(prev.fontPx);
          }
          prev = r;
        }
      });
      }
    }

    it('H-PERF-01 kiosk auto-fit: 500 tiles on a 1080p board show number, timer and name; 2,000 cannot name a tile and show the number', () => {
      const r = fitTiles({ width: 1920, height: 1000, count: 500, headerHeight: 0, names: true });
      expect(r).toMatchObject({ detail: 'name-timer', columns: 20, rows: 25, secondaryFontPx: 12, timerFontPx: 12 });
      expect(r.fontPx).toBeGreaterThanOrEqual(20);
      expect(showsName(r.detail) && showsTimer(r.detail)).toBe(true);
      // the name at 12 px reads from about 4 m, the number from about 7 m (a 65" panel)
      expect(legibleDistanceM(r.secondaryFontPx, 1080)).toBeGreaterThan(4);
      expect(legibleDistanceM(r.fontPx, 1080)).toBeGreaterThan(6.5);
      expect(fitTiles({ width: 1920, height: 1000, count: 2000, headerHeight: 0, names: true })).toMatchObject({ detail: 'number', overflow: false });
      // the canvas's fit (never full) gives 500 tiles the same reading
      expect(fitTiles({ width: 1920, height: 1000, count: 500, headerHeight: 0, names: true, full: false })).toEqual(r);
      // a small floor drawn on a canvas gets the dense reading, not the DOM tile's every line
      expect(fitTiles({ width: 1920, height: 1000, count: 300, headerHeight: 0, names: true, full: false }).detail).toBe('name-timer');
    });

    it('H-PERF-02 kiosk auto-fit: 2,000 tiles on a 4K board show number and name, the number at its scaled minimum or more', () => {
      const r = fitTiles({ width: 3840, height: 2050, count: 2000, headerHeight: 0, names: true });
      expect(r.detail).toBe('name');
      expect(showsName(r.detail)).toBe(true);
      expect(r.fontPx).toBeGreaterThanOrEqual(27);
      expect(r.secondaryFontPx).toBeGreaterThanOrEqual(14);
      // the number reads from about 5 m as 14 px at 1080p does, the name from about 2.5 m (walking the rows)
      expect(legibleDistanceM(r.fontPx, 2160)).toBeGreaterThan(4.5);
      expect(legibleDistanceM(r.secondaryFontPx, 2160)).toBeGreaterThan(2.4);
      // not a knife edge: a board area from 1,960 to 2,100 px high names every tile too
      for (let height = 1960; height <= 2100; height += 20) expect(fitTiles({ width: 3840, height, count: 2000, headerHeight: 0, names: true }).detail).toBe('name');
    });

    it('H-PERF-01 H-PERF-02 kiosk auto-fit: a floor whose best grid shows every line is the same with names; without names nothing changes', () => {
      for (const count of [1, 10, 37, 100, 200]) {
        expect(fitTiles({ width: 1920, height: 1080, count, names: true })).toEqual(fitTiles({ width: 1920, height: 1080, count }));
      }
      for (const count of [500, 1000, 2000]) {
        const plain = fitTiles({ width: 1920, height: 1080, count });
        expect(isDense(plain.detail)).toBe(false);
        expect(plain).toEqual(fitTiles({ width: 1920, height: 1080, count, names: false }));
      }
    });

    it('H-PERF-01 H-PERF-02 kiosk auto-fit: the name minimum is 12 px and half the number\'s at least, or as given; nonsense is refused; still under 1 ms', () => {
      expect(fitTiles({ width: 1280, height: 720, count: 300, names: true }).nameMinFontPx).toBe(12);
      expect(fitTiles({ width: 3840, height: 2160, count: 300, names: true }).nameMinFontPx).toBe(14);
      const bigger = fitTiles({ width: 1920, height: 1000, count: 500, headerHeight: 0, names: true, nameMinFontPx: 16 });
      expect(bigger.nameMinFontPx).toBe(16);
      if (isDense(bigger.detail)) expect(bigger.secondaryFontPx).toBeGreaterThanOrEqual(16);
      expect(() => fitTiles({ width: 1920, height: 1080, count: 10, names: true, nameMinFontPx: 0 })).toThrow(RangeError);
      for (let i = 0; i < 20; i++) fitTiles({ width: 3840, height: 2050, count: 2000, headerHeight: 0, names: true });
      const runs = 100;
      const t0 = performance.now();
      for (let i = 0; i < runs; i++) fitTiles({ width: 3840, height: 2050, count: 2000 - i, headerHeight: 0, names: true });
      expect((performance.now() - t0) / runs).toBeLessThan(1);
    });
  });
});
