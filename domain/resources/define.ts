import type { z } from 'zod';
import type { DestinationKind, DestinationPicker } from '../destinations';
import type { Level } from '../levels';
import type { IconName, MenuPlacement } from '../navigation';
import type { Action, LevelCeilings, View } from '../permissions';

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
  /**
   * A real Asterisk reads the SIP passwords (the server runs with PBX=ari): a new or changed extension
   * password must be strong (I-SEC-01, domain/sip-password.ts). Unset: the spec's rules alone.
   */
  strongSipPasswords?: boolean;
  /**
   * The stored row when updating: a rule about changed values only (the strong SIP password) leaves
   * what is stored alone, so a level-4 user switching `enabled` is not refused for a password they
   * cannot change.
   */
  existing?: Readonly<Record<string, unknown>>;
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
  /**
   * options fetched from another resource's list: value field and label field. The server checks the
   * chosen value is a row of that resource in the written row's corp (no foreign corp's ids).
   */
  | {
      kind: 'resource';
      resource: string;
      valueField: string;
      labelField: string;
      /** the message key when the chosen row is not one of the written row's corp (default validation.refUnknown) */
      missing?: string;
      /** rows not offered: their `field` holds one of `values` (C-ERS-07: the 'Entrante' group) */
      exclude?: { field: string; values: readonly (string | number)[] };
      /** only rows whose `rowField` equals the form's `formField` (C-SIP-03: the company narrows the trunks) */
      narrowBy?: { formField: string; rowField: string };
    }
  /** levels the actor may grant (domain/levels grantableLevels) */
  | { kind: 'grantableLevels' };

export type FieldKind =
  | 'text'
  | 'email'
  | 'password'
  | 'number'
  | 'select'
  | 'switch'
  | 'color'
  | 'image'
  /** a time of day, 'HH:MM' */
  | 'time'
  /** the destinations picker (FieldDef.destinations) */
  | 'destination'
  /** an uploaded file (FieldDef.file): a sound, stored under DATA_DIR/sounds/{corpId} */
  | 'file'
  | 'custom';

export interface FieldDef {
  name: string;
  kind: FieldKind;
  /** i18n key; default `resources.<resource>.fields.<name>` */
  labelKey?: string;
  options?: OptionSource;
  /** kind 'destination': the sections and values offered (section headings shown disabled) */
  destinations?: DestinationPicker;
  /** shown only in this mode */
  only?: 'create' | 'update';
  /** cannot be changed when editing (e.g. extension number) */
  lockedOnUpdate?: boolean;
  /**
   * on update an empty value keeps what is stored (an extension's password, a corp's zone): a PUT that
   * leaves it out erases nothing, so it need not carry it (J-API-02)
   */
  keptWhenEmpty?: boolean;
  /** password strength bar: 10 points per character, or 25 for voicemail passwords (F-DLG-06) */
  strength?: 'password' | 'voicemail';
  /** visible only when this predicate on the current form values holds */
  visibleWhen?: (values: Record<string, unknown>, ctx: SchemaContext) => boolean;
  /** shown but not editable while this predicate holds (C-CRS-03: the corp chooser with all corps on) */
  disabledWhen?: (values: Record<string, unknown>, ctx: SchemaContext) => boolean;
  /**
   * what changing this field does to others in the form (C-TRK-06..08 toggles clearing their values):
   * returns the other fields' new values
   */
  onChange?: (value: unknown, values: Record<string, unknown>) => Record<string, unknown>;
  /** accepted MIME types for image/file fields */
  accept?: readonly string[];
  /**
   * kind 'file': required when creating (the row is useless without it), and the largest upload taken
   * (before conversion); the row holds the stored file's name, the API serves it at
   * `/{path}/{id}/files/{field}`
   */
  file?: {
    requiredOnCreate?: boolean;
    /** required on create only while this holds of the form values (C-DIA-06: the recording of a msg campaign) */
    requiredWhen?: (values: Record<string, unknown>) => boolean;
    /** the message key when a required file is missing (C-IVR-07: 'no audio'); default validation.fileRequired */
    missingKey?: string;
    maxBytes: number;
    /** a text field the chosen file's name fills while it is empty (hold music names, C-MOH-02); the server does the same */
    nameField?: string;
  };
  /** kind 'select' with static options: values other rows of the list already use are offered disabled (C-POL-11) */
  uniqueAmongSiblings?: boolean;
  /** name of a special field component registered by the client (kind 'custom') */
  component?: string;
  /** spans the full dialog width */
  wide?: boolean;
  /** a hint under the field (i18n key) */
  hintKey?: string;
  /** a list field whose items hold a destination in this property (time options' action): checked like a destination field */
  itemDestinations?: string;
}

export interface ColumnDef {
  key: string;
  labelKey?: string;
  /** 'destination': a destinations value shown by its name from the corp's action lookup */
  /**
   * 'file': a row's stored sound, played and downloaded; 'epochDate': epoch seconds in the locale's date
   * and time (C-VM-04); 'duration': seconds, or minutes rounded up above 60 s (C-VM-03)
   */
  format?: 'text' | 'yesNo' | 'level' | 'number' | 'destination' | 'list' | 'timeOptions' | 'file' | 'epochDate' | 'duration';
  /** the value is one of these options: the cell shows the option's label */
  options?: readonly StaticOption[];
  /** the cell shows its value only when this other field of the row is set (a user name only for a linked user) */
  onlyWith?: string;
  /** shown only when this predicate on the acting user holds (e.g. not for level 4, C-EXT-02) */
  visibleWhen?: (ctx: Pick<SchemaContext, 'actor'>) => boolean;
}

/**
 * A child resource lives under a row of its parent (follow-me under an extension, questions under a
 * poll): its rows carry the parent's id, its screen sits under the parent's route with a back button,
 * entering it without a parent goes back to the parent's list (C-FOL, C-ESD, C-ERS), and the parent's
 * rows get a button to open it.
 */
export interface ParentDef {
  /** the parent resource's name */
  resource: string;
  /** the field of a child row (and body) holding the parent's id */
  field: string;
  /** the parent row's field that names it in the child screen's title */
  labelField: string;
  /** the icon of the parent row's button that opens the child list */
  icon: IconName;
  /** order of that button among the parent's child buttons */
  order: number;
}

/**
 * An action on one row besides edit and delete (revoke, rotate, start, stop ...): POST
 * `/{path}/{id}/{name}` through the write pipeline with the `permission` action of the resource's view.
 * The server binding supplies what it does.
 */
export interface RowActionDef {
  name: string;
  permission: Action;
  icon: IconName;
  /** asks for confirmation first (label `resources.<name>.rowActions.<action>.confirm`) */
  confirm?: boolean;
  /** shown only for rows where this holds (start only when stopped ...) */
  visibleWhen?: (row: Record<string, unknown>) => boolean;
}

/**
 * Levels that may write only some fields of a row (per-field write rights): C-EXT-07 (level 4 changes an
 * extension's enabled and action), C-TRK-04 (below level 1 only a trunk's action). The server keeps every
 * other value of the row whatever the body says; the dialog hides the other fields but `shown`.
 */
export interface LimitedWrite {
  /** from this level number on (4: levels 4 and 5) */
  fromLevel: Level;
  fields: readonly string[];
  /** other fields still shown, read-only (C-TRK-04: the trunk number) */
  shown?: readonly string[];
}

/** CSV bulk import (C-EXT-32..40): the columns of the file, in order, and the body field each fills. */
export interface BulkDef {
  /** CSV header → body field */
  columns: readonly { header: string; field: string }[];
  /** the body field that names a failing row in the error list ('Error en extensión {content}') */
  contentField: string;
}

/** Where the resource appears in the admin app (routes, menu, guards), derived by src/app/navigation. */
export interface ResourceNav {
  /** navigation key of the list route; new and update routes are `{key}New`, `{key}Update` */
  key: string;
  /** list route under /:corp/:lang/ */
  route: string;
  /** where the new and update routes live when not under the list route (SIP routes: siproute/new) */
  formsRoute?: string;
  icon: IconName;
  titleKey: string;
  menu?: readonly MenuPlacement[];
  /** other paths that redirect to the list (A-RTE-07) */
  aliases?: readonly string[];
  /** the update route's parameter name (default `id`) */
  updateParam?: string;
  /** a special screen renders it (src/app/screens.tsx key); default the generic resource screen */
  screen?: string;
  /** screen of the new and update routes when it differs (role groups have a page of their own) */
  formScreen?: string;
  /** no new / update routes (read-only lists, singletons) */
  noForms?: boolean;
  /** the list route opens for any signed-in user (A-RTE-14); the API still answers by the view */
  openList?: boolean;
}

export interface ResourceDefinition {
  /** resource name, also the i18n namespace `resources.<name>` and the query key root */
  name: string;
  /** REST path under /api/v1 */
  path: string;
  /** permission view guarding it (STYLE 3) */
  view: View;
  /** the resource's own level ceilings on top of its view's (canAccess), e.g. kiosk screens: write ≤ 3 */
  levels?: LevelCeilings;
  /** the id property of a row */
  idField: string;
  /** rows belong to one corp; the server scopes every query to the request's corp */
  corpScoped: boolean;
  /** rows may belong to no corp: they apply to every corp (C-CRS-02); only the supervisor writes those */
  corpOptional?: boolean;
  /**
   * level 1 works on it in its working corp only: without one, every route of the resource answers 400
   * errors.workingCorpRequired instead of spanning all corps (the click-to-call keys, E-C2C-05)
   */
  workingCorpRequired?: boolean;
  /** the schema reads SchemaContext.corp (extension ranges): the server loads the corp's limits */
  schemaNeedsCorp?: boolean;
  /** the body schema for create/update, shared by the dialog (react-hook-form) and the server */
  schema: (ctx: SchemaContext) => z.ZodType<Record<string, unknown>, Record<string, unknown>>;
  defaults: (ctx: SchemaContext) => Record<string, unknown>;
  columns: readonly ColumnDef[];
  fields: readonly FieldDef[];
  /** fields the list search looks in */
  searchFields: readonly string[];
  /** the list's default order (C-CSD-01: speed dials by number) */
  sort?: { key: string; direction?: 'asc' | 'desc' };
  /** rows per page under 600 px (F-LIST-04) */
  narrowPageSize?: number;
  /** dialog width: 600 or 1000 px (F-DLG-07) */
  dialogWidth?: 600 | 1000;
  parent?: ParentDef;
  rowActions?: readonly RowActionDef[];
  limitedWrite?: LimitedWrite;
  bulk?: BulkDef;
  /**
   * what deleting a destination one of this resource's rows points to answers (F-ERR-06..10: 520 a
   * trunk, 521 a queue, 522 a time rule, 523 an IVR, 525 a SIP route); default 409 errors.inUse
   */
  inUse?: { status: number; message: string };
  /** a row's details in a tooltip (C-EXT-03: action, busy action, external number; C-IVR-03: the options) */
  rowInfo?: { fields: readonly { field: string; format?: 'destination' | 'text'; options?: readonly StaticOption[] }[]; visibleWhen?: (ctx: Pick<SchemaContext, 'actor'>) => boolean };
  /** a list to read only (C-VM-02): no create, update or delete routes or buttons; the same as `writes: []` */
  readOnly?: boolean;
  /**
   * the writes the API takes (default all three): the router mounts only their routes, the others
   * answer 404 like any route that is not there. A row action (revoke) is no write here: it keeps its
   * route whatever this says (the click-to-call keys: create only, then revoke). Read through
   * resourceWrites, which gives readOnly its meaning.
   */
  writes?: readonly ResourceWrite[];
  /**
   * J-API-01: a row as the API answers it. Declared, it is the documented 200/201 body of the list (an
   * array of it), a read, a create, an update and a row action, and the answer is serialised through
   * it (a field it does not name is left out, a row that breaks it is a 500). Undeclared, those routes
   * have no response schema and answer the row as the binding presents it.
   */
  rowSchema?: z.ZodObject;
  /** fields only a create's answer carries beside the row (a key's once-shown `secret`) */
  createExtra?: z.ZodRawShape;
  /** the create form sits above the list instead of a dialog (C-MOH-01) */
  createInline?: boolean;
  /**
   * F-PERM-08: the create button (or inline form) shows whatever the user's create permission; the
   * server still refuses a create the user may not make (hold music, queues, restrictions, polls, media servers)
   */
  createAlwaysShown?: boolean;
  /**
   * How a refused delete reads (F-ERR-19, C-IVR-12, C-QUE-14): `mapped` shows the status's own message
   * (the F-ERR mapping) instead of the default error, `appendServerText` adds the server's text after
   * it. Unset: the save mapping, or the server's message when the mapping says only 'error'.
   */
  deleteFailure?: DeleteFailureRule;
  /**
   * The spec's path that serves this resource's files by their stored name (`GET /{fileFetchPath}/{file}`,
   * C-IVR-04, C-QUE-15, C-POL-06, C-POL-14, C-QUE-20, C-MS-05, C-DIA-16), beside `/{path}/{id}/files/{field}`
   */
  fileFetchPath?: string;
  /** the spec's wire names of fields whose name here differs (a queue's hold music sends the queue as qId, C-QUE-20) */
  bodyAliases?: Readonly<Record<string, string>>;
  /** what the list says when it cannot be loaded (C-POL-16: 'QUESTION_LIST is not working'), an i18n key */
  listErrorKey?: string;
  /** rows of this resource are call destinations of this kind, named by this field (corp/actions) */
  destination?: { kind: DestinationKind; labelField: string; valueField: string };
  nav?: ResourceNav;
}

/** ResourceDefinition.deleteFailure */
export interface DeleteFailureRule {
  mapped: boolean;
  appendServerText: boolean;
}

/** A write a resource's API may take (ResourceDefinition.writes). */
export type ResourceWrite = 'create' | 'update' | 'delete';
export const RESOURCE_WRITES: readonly ResourceWrite[] = ['create', 'update', 'delete'];

export function defineResource<T extends ResourceDefinition>(definition: T): T {
  // readOnly is writes: [] said shortly: both at once must say the same
  if (definition.readOnly && definition.writes && definition.writes.length > 0) throw new Error(`resource ${definition.name}: readOnly with writes ${definition.writes.join(', ')}`);
  if (definition.createExtra && !definition.rowSchema) throw new Error(`resource ${definition.name}: createExtra without rowSchema`);
  if (definition.bulk && !resourceWrites(definition).includes('create')) throw new Error(`resource ${definition.name}: a bulk import without creates`);
  return definition;
}

/** The writes a resource's API takes: none when read-only, else its `writes` (default all three). */
export function resourceWrites(definition: Pick<ResourceDefinition, 'readOnly' | 'writes'>): readonly ResourceWrite[] {
  return definition.readOnly ? [] : (definition.writes ?? RESOURCE_WRITES);
}

/** The fields a level may write, or null when it writes them all (LimitedWrite). */
export function writableFields(definition: Pick<ResourceDefinition, 'limitedWrite'>, level: Level): readonly string[] | null {
  const limited = definition.limitedWrite;
  return limited && level >= limited.fromLevel ? limited.fields : null;
}

/**
 * C-CORP-04: the legacy client sends create/update bodies with capitalised names (Url, Name, ExtLen).
 * Our API reads both spellings; the first letter (or a whole acronym) is lowered before validation.
 */
export function uncapitaliseKeys(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    const lowered = uncapitalise(key);
    if (!(lowered in out) || key === lowered) out[lowered] = value;
  }
  return out;
}

/** One key as uncapitaliseKeys reads it: an acronym lowers whole (C-SRV-06 sends IP: IP → ip), else the first letter (Name → name). */
export function uncapitalise(key: string): string {
  return /^[A-Z]{2,}$/.test(key) ? key.toLowerCase() : key.charAt(0).toLowerCase() + key.slice(1);
}

/** The canAccess request of an action on a resource: its view and its own level ceilings. */
export function resourceAccess(definition: Pick<ResourceDefinition, 'view' | 'levels'>, action: Action): { view: View; action: Action; levels?: LevelCeilings } {
  return { view: definition.view, action, levels: definition.levels };
}

/** The name a file's name gives a row (C-MOH-02): without its extension, letters, digits, underscore, space and dash only. */
export function nameOfFile(filename: string, max = 50): string {
  return filename
    .replace(/\.[^.]+$/, '')
    .replace(/[^\p{L}\p{N}_ -]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();
}
