import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { grantableLevels, LEVEL_LABEL_KEY } from '../../domain/levels';
import { canAccess } from '../../domain/permissions';
import { resourceAccess, type FieldDef } from '../../domain/resources/define';
import { RESOURCES } from '../../domain/resources/index';
import { definitionNamed } from './children';
import { resourceListQuery } from '../api/resources';
import { useScope, useUser } from '../app/session';

export interface Option {
  value: string | number;
  label: string;
  /** shown but not choosable (C-QUE-09: linear when editing) */
  disabled?: boolean;
}

/** The options of a select field: static, another resource's rows, or the levels the actor may grant. */
export function useFieldOptions(field: FieldDef, mode: 'create' | 'update' = 'create', values: Record<string, unknown> = {}): { options: Option[]; loading: boolean } {
  const { t } = useTranslation();
  const user = useUser();
  const scope = useScope();
  const source = field.options;
  const target = source?.kind === 'resource' ? definitionNamed(source.resource) : undefined;
  const readable = !!target && canAccess(user, resourceAccess(target, 'read'));
  const rows = useQuery({ ...resourceListQuery(target ?? RESOURCES.corp, scope), enabled: readable });

  if (!source) return { options: [], loading: false };
  if (source.kind === 'static') {
    return { options: source.options.map((o) => ({ value: o.value, label: t(o.labelKey), disabled: !!o.only && o.only !== mode })), loading: false };
  }
  if (source.kind === 'grantableLevels') return { options: grantableLevels(user.level).map((l) => ({ value: l, label: t(LEVEL_LABEL_KEY[l]) })), loading: false };
  if (!readable) return { options: [], loading: false };
  const { exclude, narrowBy } = source;
  const options = (rows.data ?? [])
    .filter((row) => !exclude || !exclude.values.some((v) => String(v) === String(row[exclude.field])))
    .filter((row) => !narrowBy || (values[narrowBy.formField] !== null && values[narrowBy.formField] !== undefined && String(row[narrowBy.rowField]) === String(values[narrowBy.formField])))
    .map((row) => ({ value: row[source.valueField] as string | number, label: String(row[source.labelField] ?? '') }))
    .filter((o) => o.value !== undefined && o.value !== null)
    .sort((a, b) => a.label.localeCompare(b.label));
  return { options, loading: rows.isPending };
}
