import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CEILING, inBand, LEVEL_BANDS, picksWorkingCorp, withinCeiling, type CeilingName } from '../../domain/level-ceilings';
import { LEVELS, type Level } from '../../domain/levels';
import { canManageRooms } from '../../domain/meetings';

const ROOT = join(import.meta.dirname, '..', '..');

/** Every .ts and .tsx file under a folder of the repository, by its path from the root. */
function sources(folder: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(name)) out.push(relative(ROOT, path));
    }
  };
  walk(join(ROOT, folder));
  return out;
}

/** A file's code without its comments (a comment may well say "levels 1-3"). */
function code(path: string): string {
  return readFileSync(join(ROOT, path), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

/**
 * What a ceiling written in place looks like: a level ordered against anything (`level <= 3`,
 * `level > LEVEL.administrator`), a level equal to a number (`level !== 1`), a route guard or a
 * navigation guard given a level instead of a named ceiling. Equality with a named level
 * (`level === LEVEL.monitor`) says who someone is and stays readable where it is.
 */
const WRITTEN_IN_PLACE = [
  /\.level\s*(<=|>=|<|>)/,
  /(?<![=!<>])(<=|>=|<|>)\s*[\w.]*\.level\b/,
  /\.level\s*(===|!==|==|!=)\s*\d/,
  /\brequireLevel\(\s*\w+\s*,\s*(\d|LEVEL\.)/,
  /\bmaxLevel\s*:\s*(\d|LEVEL\.)/,
];

const allowed = (ceiling: Level) => LEVELS.filter((level) => withinCeiling(level, ceiling));

describe('level ceilings (J-ONE-01)', () => {
  it('J-ONE-01 withinCeiling lets in the levels at or under a ceiling (lower is more powerful) and refuses those above', () => {
    expect(allowed(1)).toEqual([1]);
    expect(allowed(3)).toEqual([1, 2, 3]);
    expect(allowed(4)).toEqual([1, 2, 3, 4]);
    expect(allowed(5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('J-ONE-01 the named ceilings hold the spec levels: level 1 areas, the runners (1-3), every user but the monitor (1-4)', () => {
    const levelOne: CeilingName[] = ['workingCorp', 'systemParameters', 'mailParameters', 'hostUsage', 'tariff', 'generalDashboard', 'logmon', 'fail2ban', 'meetingService'];
    const runners: CeilingName[] = ['clickToCallKeys', 'meetingsManage', 'meetingsSeeAll', 'webphoneOtherExtensions', 'extensionSecrets', 'integrationSecrets'];
    const users: CeilingName[] = ['lookAndFeel', 'ownAgentActions', 'clickToCall', 'webphone', 'meetings'];
    expect([...levelOne, ...runners, ...users].sort()).toEqual(Object.keys(CEILING).sort());
    for (const name of levelOne) expect(allowed(CEILING[name]), name).toEqual([1]);
    for (const name of runners) expect(allowed(CEILING[name]), name).toEqual([1, 2, 3]);
    for (const name of users) expect(allowed(CEILING[name]), name).toEqual([1, 2, 3, 4]);
    expect(LEVELS.filter(picksWorkingCorp)).toEqual([1]);
    // E-ROOM-09 through the domain helper the screens use
    expect(LEVELS.filter(canManageRooms)).toEqual([1, 2, 3]);
  });

  it('J-ONE-01 E-MEET-01 the Meetings popup band is levels 3 and 4', () => {
    expect(LEVELS.filter((level) => inBand(level, LEVEL_BANDS.meetingsPopup))).toEqual([3, 4]);
  });

  it('J-ONE-01 every named ceiling is read by a screen, a route, a hub method or a resource (none declared for nothing)', () => {
    const readers = [...sources('src'), ...sources('server')].map(code).join('\n');
    // a ceiling read through its helper of level-ceilings.ts counts where the helper is called
    const through: Partial<Record<CeilingName, string>> = { workingCorp: 'picksWorkingCorp' };
    const reads = (name: CeilingName) => new RegExp(`\\bCEILING\\.${name}\\b`).test(readers) || (!!through[name] && new RegExp(`\\b${through[name]}\\(`).test(readers));
    const unused = (Object.keys(CEILING) as CeilingName[]).filter((name) => !reads(name));
    expect(unused).toEqual([]);
  });

  it('J-ONE-01 no screen, route, hub method or resource writes a level ceiling of its own (a literal level, or a level compared by order)', () => {
    const files = [...sources('src'), ...sources('server/routes'), ...sources('server/hub'), ...sources('server/resources')];
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) =>
      code(file)
        .split('\n')
        .filter((line) => WRITTEN_IN_PLACE.some((p) => p.test(line)))
        .map((line) => `${file}: ${line.trim()}`),
    );
    expect(found).toEqual([]);
  });

  it('J-ONE-01 the scan recognises a ceiling written in place', () => {
    // the scan above would have caught every check this issue removed (a guard against a toothless scan)
    const removed = ['viewer.level <= 3', 'principal.level > LEVEL.administrator', 'ctx.principal.level !== 1', 'requireLevel(ctx, 1)', 'guard: { maxLevel: 4 }', 'user.level <= 4;', 'if (LEVEL.user >= principal.level)'];
    for (const line of removed) expect(WRITTEN_IN_PLACE.some((p) => p.test(line)), line).toBe(true);
    // and lets alone what is no ceiling: a named level's identity, an arrow function, the menu's placement level
    const kept = ['user.level === LEVEL.supervisor', 'group.placements.find((p) => p.level === level)', 'withinCeiling(user.level, CEILING.webphone)'];
    for (const line of kept) expect(WRITTEN_IN_PLACE.some((p) => p.test(line)), line).toBe(false);
  });
});
