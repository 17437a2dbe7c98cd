/**
 * How an extension status looks, shared by the admin Panel and the kiosk boards (B-PNL-13/14): a
 * colour token, an icon as well (so colour is never the only signal, colour-blind safe) and a label.
 * Beside the phone's six states, the agent's own (G-AGS, domain/agents.ts): wrap-up, paused, DND, and
 * a pause past its reason's maximum in the warning colour (G-PAU-05).
 */
import { AGENT_STATUS, type ShownStatus } from '../../domain/agents';
import { EXT_STATUS } from '../../domain/realtime';

export type StatusTone = 'offline' | 'ringing' | 'inUse' | 'online' | 'hangup' | 'onHold' | 'wrapUp' | 'paused' | 'dnd' | 'pausedOver';
export type StatusIcon = 'phoneOff' | 'phoneIncoming' | 'phoneCall' | 'phone' | 'phoneMissed' | 'pause' | 'wrapUp' | 'paused' | 'dnd' | 'pausedOver';

export interface StatusLook {
  tone: StatusTone;
  /** the semantic colour token (a CSS custom property set on the panel or kiosk root, see EXT_STATUS_TOKENS) */
  token: string;
  /** an icon as well, so colour is not the only signal */
  icon: StatusIcon;
  /** i18n key of the status name */
  labelKey: string;
}

/** A paused agent past its reason's maximum: a look of its own, not a status of the PBX's. */
export const PAUSED_OVER = 9;
export type LookCode = ShownStatus | typeof PAUSED_OVER;

/**
 * B-PNL-13/14: 0 grey, 1 light blue, 2 purple, 3 green, 4 red, 5 amber. The card view uses the
 * reading "1 ringing, 2 in use" (B-PNL-15), the same as the list view. G-AGS: 6 teal wrap-up,
 * 7 brown paused, 8 rose DND, and the paused-too-long warning in a deep red.
 */
export const STATUS_LOOK: Record<LookCode, StatusLook> = {
  [EXT_STATUS.offline]: { tone: 'offline', token: '--ext-offline', icon: 'phoneOff', labelKey: 'panel.status.offline' },
  [EXT_STATUS.ringing]: { tone: 'ringing', token: '--ext-ringing', icon: 'phoneIncoming', labelKey: 'panel.status.ringing' },
  [EXT_STATUS.inUse]: { tone: 'inUse', token: '--ext-in-use', icon: 'phoneCall', labelKey: 'panel.status.inUse' },
  [EXT_STATUS.online]: { tone: 'online', token: '--ext-online', icon: 'phone', labelKey: 'panel.status.online' },
  [EXT_STATUS.hangup]: { tone: 'hangup', token: '--ext-hangup', icon: 'phoneMissed', labelKey: 'panel.status.hangup' },
  [EXT_STATUS.onHold]: { tone: 'onHold', token: '--ext-on-hold', icon: 'pause', labelKey: 'panel.status.onHold' },
  [AGENT_STATUS.wrapUp]: { tone: 'wrapUp', token: '--ext-wrap-up', icon: 'wrapUp', labelKey: 'panel.status.wrapUp' },
  [AGENT_STATUS.paused]: { tone: 'paused', token: '--ext-paused', icon: 'paused', labelKey: 'panel.status.paused' },
  [AGENT_STATUS.dnd]: { tone: 'dnd', token: '--ext-dnd', icon: 'dnd', labelKey: 'panel.status.dnd' },
  [PAUSED_OVER]: { tone: 'pausedOver', token: '--ext-paused-over', icon: 'pausedOver', labelKey: 'panel.status.pausedOver' },
};

/**
 * The colour of each status token (oklch) and of its text (`-fg`): grey, light blue, purple, green,
 * red, amber; teal, orange-brown, rose and crimson for the agent states. Every pair reads at 4.5:1 or
 * more (G-AGS-05, WCAG AA for text; tests/src/ui/ext-status-contrast.test.ts measures them).
 */
export const EXT_STATUS_TOKENS: Record<string, string> = {
  '--ext-offline': 'oklch(0.62 0.01 255)',
  '--ext-offline-fg': 'oklch(0.16 0.02 255)',
  '--ext-ringing': 'oklch(0.72 0.12 230)',
  '--ext-ringing-fg': 'oklch(0.16 0.03 230)',
  '--ext-in-use': 'oklch(0.55 0.2 300)',
  '--ext-in-use-fg': 'oklch(1 0 0)',
  '--ext-online': 'oklch(0.62 0.16 150)',
  '--ext-online-fg': 'oklch(0.16 0.03 150)',
  '--ext-hangup': 'oklch(0.6 0.21 25)',
  '--ext-hangup-fg': 'oklch(0.14 0.03 25)',
  '--ext-on-hold': 'oklch(0.76 0.16 75)',
  '--ext-on-hold-fg': 'oklch(0.16 0.03 75)',
  '--ext-wrap-up': 'oklch(0.5 0.09 200)',
  '--ext-wrap-up-fg': 'oklch(1 0 0)',
  '--ext-paused': 'oklch(0.5 0.11 55)',
  '--ext-paused-fg': 'oklch(1 0 0)',
  '--ext-dnd': 'oklch(0.48 0.17 350)',
  '--ext-dnd-fg': 'oklch(1 0 0)',
  '--ext-paused-over': 'oklch(0.45 0.19 15)',
  '--ext-paused-over-fg': 'oklch(1 0 0)',
};

export function statusLook(status: number, overdue = false): StatusLook {
  if (overdue && status === AGENT_STATUS.paused) return STATUS_LOOK[PAUSED_OVER];
  return STATUS_LOOK[status as LookCode] ?? STATUS_LOOK[EXT_STATUS.offline];
}
