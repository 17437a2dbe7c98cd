/** User levels (spec 1 §1, F-PERM-01). Lower number = more power. */
export const LEVEL = {
  supervisor: 1,
  owner: 2,
  administrator: 3,
  user: 4,
  monitor: 5,
} as const;

export type Level = (typeof LEVEL)[keyof typeof LEVEL];
export const LEVELS: readonly Level[] = [1, 2, 3, 4, 5];

/** i18n key of each level's role label (A-TOP-05). */
export const LEVEL_LABEL_KEY: Record<Level, string> = {
  1: 'levels.supervisor',
  2: 'levels.owner',
  3: 'levels.administrator',
  4: 'levels.user',
  5: 'levels.monitor',
};

export function isLevel(value: unknown): value is Level {
  return typeof value === 'number' && (LEVELS as readonly number[]).includes(value);
}

/**
 * Levels a creator may grant (C-USR-10). "Level 3 and up" reads as "administrator or more
 * powerful" (1, 2, 3): level 4 is refused from user administration altogether (C-USR, A-RTE-15).
 * A supervisor may also create supervisors and owners (otherwise nobody could create an owner).
 */
export function grantableLevels(creator: Level): Level[] {
  if (creator === LEVEL.supervisor) return [1, 2, 3, 4, 5];
  if (creator === LEVEL.owner || creator === LEVEL.administrator) return [3, 4, 5];
  return [];
}
