import type { z } from 'zod';
import type { Level } from '../levels';
import type { View } from '../permissions';

/** What a schema may depend on: create or edit, who is acting, and the corp being worked on. */
export interface SchemaContext {
  mode: 'create' | 'update';
  actor: { id: number; level: Level; corpId: number };
  /** the corp the row belongs to (extension ranges, max contacts ... depend on it) */
  corp?: {
    id: number;
    extLen: number;
    extMax: number;
    maxContacts: number;
    /** the first extension number with 3-digit length (system parameter `exten-ini`, default 200) */
    extenIni?: number;
  };
}

/** A static option: its value and its label key. */
export interface StaticOption {
  value: string | number;
  labelKey: string;
  /** offered only when creating (C-QUE-09: linear cannot be chosen when editing a queue) */
  only?: 'create';
}

export type OptionSource =
  | { kind: 'static'; options: readonly StaticOption[] }
  /** options fetched from another resource's list: value field and label field */
  | { kind: 'resource'; resource: string; valueField: string; labelField: string }
  /** levels the actor may grant (domain/levels grantableLevels) */
  | { kind: 'grantableLevels' };

export type FieldKind = 'text' | 'email' | 'password' | 'number' | 'select' | 'switch' | 'color' | 'image' | 'custom';

export interface FieldDef {
  name: string;
  kind: FieldKind;
  /** i18n key; default `resources.<resource>.fields.<name>` */
  labelKey?: string;
  options?: OptionSource;
  /** shown only in this mode */
  only?: 'create' | 'update';
  /** cannot be changed when editing (e.g. extension number) */
  lockedOnUpdate?: boolean;
  /** password strength bar: 10 points per character, or 25 for voicemail passwords (F-DLG-06) */
  strength?: 'password' | 'voicemail';
  /** visible only when this predicate on the current form values holds */
  visibleWhen?: (values: Record<string, unknown>, ctx: SchemaContext) => boolean;
  /** accepted MIME types for image/file fields */
  accept?: readonly string[];
  /** name of a special field component registered by the client (kind 'custom') */
  component?: string;
  /** spans the full dialog width */
  wide?: boolean;
}

export interface ColumnDef {
  key: string;
  labelKey?: string;
  format?: 'text' | 'yesNo' | 'level' | 'number';
  /** the value is one of these options: the cell shows the option's label */
  options?: readonly StaticOption[];
  /** the cell shows its value only when this other field of the row is set (a user name only for a linked user) */
  onlyWith?: string;
  /** shown only when this predicate on the acting user holds (e.g. not for level 4, C-EXT-02) */
  visibleWhen?: (ctx: Pick<SchemaContext, 'actor'>) => boolean;
}

export interface ResourceDefinition {
  /** resource name, also the i18n namespace `resources.<name>` and the query key root */
  name: string;
  /** REST path under /api/v1 */
  path: string;
  /** permission view guarding it (STYLE 3) */
  view: View;
  /** the id property of a row */
  idField: string;
  /** rows belong to one corp; the server scopes every query to the request's corp */
  corpScoped: boolean;
  /** minimum level allowed at all, whatever the views say (e.g. corp: 1) */
  minLevel?: Level;
  /** minimum level for create, update and delete, whatever the views say (reads follow minLevel) */
  writeMinLevel?: Level;
  /** the body schema for create/update, shared by the dialog (react-hook-form) and the server */
  schema: (ctx: SchemaContext) => z.ZodType<Record<string, unknown>, Record<string, unknown>>;
  defaults: (ctx: SchemaContext) => Record<string, unknown>;
  columns: readonly ColumnDef[];
  fields: readonly FieldDef[];
  /** fields the list search looks in */
  searchFields: readonly string[];
  /** rows per page under 600 px (F-LIST-04) */
  narrowPageSize?: number;
  /** dialog width: 600 or 1000 px (F-DLG-07) */
  dialogWidth?: 600 | 1000;
}

export function defineResource<T extends ResourceDefinition>(definition: T): T {
  return definition;
}

/**
 * C-CORP-04: the legacy client sends create/update bodies with capitalised names (Url, Name, ExtLen).
 * Our API reads both spellings; the first letter is lowered before validation.
 */
export function uncapitaliseKeys(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    const lowered = key.charAt(0).toLowerCase() + key.slice(1);
    if (!(lowered in out) || key === lowered) out[lowered] = value;
  }
  return out;
}
