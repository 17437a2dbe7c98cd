import {
  ACTION_SECTIONS,
  destinationValue,
  FIXED_ACTIONS,
  parseDestination,
  QUEUE_SPEED_ACTIONS,
  queueSpeedValue,
  type CorpActions,
  type DestinationPicker,
} from '../../domain/destinations';
import type { Translate } from '../app/messages';

/** One entry of a destinations picker: a choosable value, or a section heading shown disabled (C-INT-04, C-IVR-09). */
export interface DestinationOption {
  value: string;
  label: string;
  heading?: boolean;
}

/**
 * The entries of a destinations picker from the corp's action lookup (F-CONST-01): the fixed
 * features first (speed dials), then one disabled heading per section the picker offers (hang up,
 * IVRs, queues, integrations, extensions, times) followed by its entries. Headings are never values
 * (C-TRK-11); a speed dial's queue section offers enqueue, login and logout per queue (C-CSD-06).
 */
export function destinationOptions(actions: CorpActions | undefined, picker: DestinationPicker, corpId: number | null, t: Translate): DestinationOption[] {
  const out: DestinationOption[] = [];
  if (picker.fixed && picker.fixed.length > 0) {
    out.push({ value: 'section:fixed', label: t('destinations.sections.fixed'), heading: true });
    for (const word of FIXED_ACTIONS.filter((w) => picker.fixed!.includes(w))) out.push({ value: word, label: t(`destinations.fixed.${word}`) });
  }
  for (const section of ACTION_SECTIONS) {
    if (!picker.kinds.includes(section.kind)) continue;
    out.push({ value: `section:${section.key}`, label: t(`destinations.sections.${section.key}`), heading: true });
    if (section.kind === 'hangup') {
      out.push({ value: 'hangup', label: t('destinations.hangup') });
      continue;
    }
    const entries = Object.entries(actions?.[section.key] ?? {}).sort(([a], [b]) => a.localeCompare(b, undefined, { numeric: true }));
    for (const [name, id] of entries) {
      if (section.kind === 'queue' && picker.queueSpeedActions) {
        if (corpId === null) continue;
        for (const action of QUEUE_SPEED_ACTIONS) out.push({ value: queueSpeedValue(action, corpId, Number(id)), label: `${t(`destinations.queueSpeed.${action}`)} ${name}` });
      } else {
        out.push({ value: destinationValue(section.kind, id), label: name });
      }
    }
  }
  return out;
}

/** How a stored destination reads in a list: the name of its IVR, queue, extension ... (or the raw value when gone). */
export function destinationLabel(actions: CorpActions | undefined, value: unknown, t: Translate): string {
  if (typeof value !== 'string' || value === '') return '';
  const parsed = parseDestination(value);
  if (!parsed) return value;
  switch (parsed.kind) {
    case 'hangup':
      return t('destinations.hangup');
    case 'fixed':
      return t(`destinations.fixed.${parsed.word}`);
    case 'queueSpeed': {
      const name = nameOf(actions?.queues, parsed.queueId);
      return `${t(`destinations.queueSpeed.${parsed.action}`)} ${name ?? `#${parsed.queueId}`}`;
    }
    case 'exten':
      return nameOf(actions?.extens, parsed.number) ?? parsed.number;
    default: {
      const section = ACTION_SECTIONS.find((s) => s.kind === parsed.kind)!;
      const name = nameOf(actions?.[section.key], parsed.id);
      return `${t(`destinations.kinds.${parsed.kind}`)}: ${name ?? `#${parsed.id}`}`;
    }
  }
}

function nameOf(map: Record<string, number | string> | undefined, id: number | string): string | undefined {
  if (!map) return undefined;
  return Object.entries(map).find(([, value]) => String(value) === String(id))?.[0];
}
