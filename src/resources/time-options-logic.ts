import { daysOf, minutesOf, rangesOverlap, TIME_OF_DAY, type WeekDay } from '../../domain/time-options';

/** One option as the form holds it; `id` when it exists on the server. */
export interface PendingOption {
  id?: number;
  from: string;
  to: string;
  days: string;
  action?: string;
}

export interface OptionDraft {
  days: WeekDay[];
  from: string;
  to: string;
  action: string;
}

export const EMPTY_DRAFT: OptionDraft = { days: [], from: '', to: '', action: '' };

/** C-TC-03: the add button is on only when days, from, to (and the action, when the form has one) are set. */
export function draftComplete(draft: OptionDraft, withAction: boolean): boolean {
  return draft.days.length > 0 && draft.from !== '' && draft.to !== '' && (!withAction || draft.action !== '');
}

export type AddResult = { ok: true; options: PendingOption[] } | { ok: false; message: string };

/**
 * Adds a draft to the pending options: every field set (C-ETC-05 'all fields required'), times of
 * day, the end after the start (C-TC-09, C-ETC-06), and no overlap with a pending option on a shared
 * day (C-TC-05 'data exists').
 */
export function addOption(options: readonly PendingOption[], draft: OptionDraft, withAction: boolean): AddResult {
  if (!draftComplete(draft, withAction)) return { ok: false, message: 'validation.allFieldsRequired' };
  if (!TIME_OF_DAY.test(draft.from) || !TIME_OF_DAY.test(draft.to)) return { ok: false, message: 'validation.timeOfDay' };
  if (minutesOf(draft.from) >= minutesOf(draft.to)) return { ok: false, message: 'validation.toAfterFrom' };
  const option: PendingOption = { from: draft.from, to: draft.to, days: daysOf(draft.days).join('-'), ...(withAction ? { action: draft.action } : {}) };
  if (options.some((o) => rangesOverlap(o, option))) return { ok: false, message: 'validation.timeOverlap' };
  return { ok: true, options: [...options, option] };
}

/** C-TC-04: removing an option; an existing one's id is recorded for deletion. */
export function removeOption(options: readonly PendingOption[], index: number, deleted: readonly number[]): { options: PendingOption[]; deleted: number[] } {
  const gone = options[index];
  return {
    options: options.filter((_, i) => i !== index),
    deleted: gone?.id !== undefined && !deleted.includes(gone.id) ? [...deleted, gone.id] : [...deleted],
  };
}

/** The options a field value holds (a row's options, or the form's). */
export function asOptions(value: unknown): PendingOption[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((o): o is Record<string, unknown> => !!o && typeof o === 'object')
    .map((o) => ({
      ...(typeof o.id === 'number' ? { id: o.id } : {}),
      from: String(o.from ?? ''),
      to: String(o.to ?? ''),
      days: String(o.days ?? ''),
      ...(typeof o.action === 'string' ? { action: o.action } : {}),
    }));
}
