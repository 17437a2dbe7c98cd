/**
 * How an extension status looks, shared by the admin Panel and the kiosk boards (B-PNL-13/14): a
 * colour token, an icon as well (so colour is never the only signal, colour-blind safe) and a label.
 */
import { EXT_STATUS, type ExtStatus } from '../../domain/realtime';

export type StatusTone = 'offline' | 'ringing' | 'inUse' | 'online' | 'hangup' | 'onHold';
export type StatusIcon = 'phoneOff' | 'phoneIncoming' | 'phoneCall' | 'phone' | 'phoneMissed' | 'pause';

export interface StatusLook {
  tone: StatusTone;
  /** the semantic colour token (a CSS custom property set on the panel or kiosk root, see EXT_STATUS_TOKENS) */
  token: string;
  /** an icon as well, so colour is not the only signal */
  icon: StatusIcon;
  /** i18n key of the status name */
  labelKey: string;
}

/**
 * B-PNL-13/14: 0 grey, 1 light blue, 2 purple, 3 green, 4 red, 5 amber. The card view uses the
 * reading "1 ringing, 2 in use" (B-PNL-15), the same as the list view.
 */
export const STATUS_LOOK: Record<ExtStatus, StatusLook> = {
  [EXT_STATUS.offline]: { tone: 'offline', token: '--ext-offline', icon: 'phoneOff', labelKey: 'panel.status.offline' },
  [EXT_STATUS.ringing]: { tone: 'ringing', token: '--ext-ringing', icon: 'phoneIncoming', labelKey: 'panel.status.ringing' },
  [EXT_STATUS.inUse]: { tone: 'inUse', token: '--ext-in-use', icon: 'phoneCall', labelKey: 'panel.status.inUse' },
  [EXT_STATUS.online]: { tone: 'online', token: '--ext-online', icon: 'phone', labelKey: 'panel.status.online' },
  [EXT_STATUS.hangup]: { tone: 'hangup', token: '--ext-hangup', icon: 'phoneMissed', labelKey: 'panel.status.hangup' },
  [EXT_STATUS.onHold]: { tone: 'onHold', token: '--ext-on-hold', icon: 'pause', labelKey: 'panel.status.onHold' },
};

/** The colour of each status token: grey, light blue, purple, green, red, amber (oklch). */
export const EXT_STATUS_TOKENS: Record<string, string> = {
  '--ext-offline': 'oklch(0.62 0.01 255)',
  '--ext-ringing': 'oklch(0.72 0.12 230)',
  '--ext-in-use': 'oklch(0.55 0.2 300)',
  '--ext-online': 'oklch(0.62 0.16 150)',
  '--ext-hangup': 'oklch(0.6 0.21 25)',
  '--ext-on-hold': 'oklch(0.76 0.16 75)',
};

export function statusLook(status: number): StatusLook {
  return STATUS_LOOK[status as ExtStatus] ?? STATUS_LOOK[EXT_STATUS.offline];
}

