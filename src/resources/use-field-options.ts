import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { grantableLevels, LEVEL_LABEL_KEY } from '../../domain/levels';
import { canAccess } from '../../domain/permissions';
import type { FieldDef, ResourceDefinition } from '../../domain/resources/define';
import { RESOURCES } from '../../domain/resources/index';
import { resourceListQuery } from '../api/resources';
import { useScope, useUser } from '../app/session';

export interface Option {
  value: string | number;
  label: string;
  /** shown but not choosable (C-QUE-09: linear when editing) */
  disabled?: boolean;
}

function definitionNamed(name: string): ResourceDefinition | undefined {
  return Object.values(RESOURCES).find((d) => d.name === name) as ResourceDefinition | undefined;
}

/** The options of a select field: static, another resource's rows, or the levels the actor may grant. */
export function useFieldOptions(field: FieldDef, mode: 'create' | 'update' = 'create'): { options: Option[]; loading: boolean } {
  const { t } = useTranslation();
  const user = useUser();
  const scope = useScope();
  const source = field.options;
  const target = source?.kind === 'resource' ? definitionNamed(source.resource) : undefined;
  const readable =
    !!target && canAccess(user, { view: target.view, action: 'read' }) && (target.minLevel === undefined || user.level <= target.minLevel);
  const rows = useQuery({ ...resourceListQuery(target ?? RESOURCES.corp, scope), enabled: readable });

  if (!source) return { options: [], loading: false };
  if (source.kind === 'static') {
    return { options: source.options.map((o) => ({ value: o.value, label: t(o.labelKey), disabled: !!o.only && o.only !== mode })), loading: false };
  }
  if (source.kind === 'grantableLevels') return { options: grantableLevels(user.level).map((l) => ({ value: l, label: t(LEVEL_LABEL_KEY[l]) })), loading: false };
  if (!readable) return { options: [], loading: false };
  const options = (rows.data ?? [])
    .map((row) => ({ value: row[source.valueField] as string | number, label: String(row[source.labelField] ?? '') }))
    .filter((o) => o.value !== undefined && o.value !== null)
    .sort((a, b) => a.label.localeCompare(b.label));
  return { options, loading: rows.isPending };
}
