import type { ComponentType } from 'react';
import { KioskBoardsField } from './kiosk-boards-field';
import { KioskThresholdsField } from './kiosk-thresholds-field';
import { NocCorpsField } from './noc-corps-field';
import { ExtensionMembers } from './extension-members';
import { LiveActionsField } from './live-actions-field';
import { PatternListField } from './pattern-list-field';
import { TimeConditionOptions, TimeExtenOptions } from './time-options-field';
import { TimeZoneField } from './time-zone-field';
import { WeekDaysField } from './week-days-field';
import { ViewsGrid, type CustomFieldProps } from './views-grid';

/** Field components named by definitions (`kind: 'custom', component: 'viewsGrid'`). */
export const CUSTOM_FIELDS: Record<string, ComponentType<CustomFieldProps>> = {
  viewsGrid: ViewsGrid,
  liveActions: LiveActionsField,
  extensionMembers: ExtensionMembers,
  kioskBoards: KioskBoardsField,
  kioskThresholds: KioskThresholdsField,
  nocCorps: NocCorpsField,
  patternList: PatternListField,
  timeOptions: TimeConditionOptions,
  timeExtenOptions: TimeExtenOptions,
  weekDays: WeekDaysField,
  timeZone: TimeZoneField,
};
