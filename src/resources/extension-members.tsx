import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceDefinition } from '../../domain/resources/define';
import { extensionResource } from '../../domain/resources/extension';
import { resourceListQuery } from '../api/resources';
import { useScope } from '../app/session';
import { Checkbox } from '../ui/checkbox';
import { Input } from '../ui/input';
import { Spinner } from '../ui/spinner';
import type { CustomFieldProps } from './views-grid';

function asNumbers(value: unknown): string[] {
  return Array.isArray(value) ? value.map(String) : [];
}

/**
 * A queue's members (`kind: 'custom', component: 'extensionMembers'`): the corp's extensions to tick,
 * with a filter. Ticking appends, so the order members were added is kept (linear, rrordered).
 */
export function ExtensionMembers({ value, onChange, disabled, labelId }: CustomFieldProps) {
  const { t } = useTranslation();
  const scope = useScope();
  const list = useQuery(resourceListQuery(extensionResource as ResourceDefinition, scope));
  const [filter, setFilter] = useState('');
  const selected = asNumbers(value);
  // the members the queue had when the dialog opened come first; ticking does not reorder
  const [initial] = useState(() => new Set(selected));
  const extensions = useMemo(() => {
    const all = (list.data ?? []).map((row) => ({ number: String(row.number), name: String(row.userName ?? '') }));
    return [...all.filter((e) => initial.has(e.number)), ...all.filter((e) => !initial.has(e.number))];
  }, [list.data, initial]);
  const needle = filter.trim().toLowerCase();
  const shown = needle ? extensions.filter((e) => e.number.includes(needle) || e.name.toLowerCase().includes(needle)) : extensions;
  const toggle = (number: string, on: boolean) => onChange(on ? [...selected, number] : selected.filter((n) => n !== number));

  return (
    <div className="flex flex-col gap-2" data-testid="extension-members">
      <div className="flex items-center gap-3">
        <Input
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          placeholder={t('resources.queue.memberPicker.filter')}
          aria-label={t('resources.queue.memberPicker.filter')}
          className="max-w-64"
          data-testid="extension-members-filter"
        />
        <span className="text-xs text-muted tabular-nums" aria-live="polite">
          {t('resources.queue.memberPicker.selected', { count: selected.length })}
        </span>
      </div>
      {list.isPending ? (
        <Spinner />
      ) : extensions.length === 0 ? (
        <p className="text-sm text-muted">{t('resources.queue.memberPicker.empty')}</p>
      ) : shown.length === 0 ? (
        <p className="text-sm text-muted">{t('resources.queue.memberPicker.noMatch')}</p>
      ) : (
        <ul role="group" aria-labelledby={labelId} className="grid max-h-56 grid-cols-2 gap-1 overflow-y-auto rounded-xl border border-border p-2 sm:grid-cols-3 lg:grid-cols-4">
          {shown.map((e) => {
            const on = selected.includes(e.number);
            const id = `member-${e.number}`;
            return (
              <li key={e.number} className="flex min-w-0 items-center gap-2 rounded-lg px-2 py-1.5 hover:bg-surface-2">
                <Checkbox id={id} checked={on} disabled={disabled} onCheckedChange={(next) => toggle(e.number, next)} aria-labelledby={`${id}-label`} data-testid={id} />
                <label id={`${id}-label`} htmlFor={id} className="min-w-0 cursor-pointer truncate text-sm">
                  <span className="font-medium tabular-nums">{e.number}</span>
                  {e.name ? <span className="text-muted"> · {e.name}</span> : null}
                </label>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
