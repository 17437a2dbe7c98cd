import { Plus, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WEEK_DAYS } from '../../domain/time-options';
import { TIME_ACTIONS } from '../../domain/resources/time-condition';
import { translateMessage } from '../app/messages';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { Input } from '../ui/input';
import { DestinationSelect } from './destination-select';
import { timeOptionText } from './format';
import { addOption, asOptions, draftComplete, EMPTY_DRAFT, removeOption, type OptionDraft } from './time-options-logic';
import { useCorpActions } from './use-destinations';
import type { CustomFieldProps } from './views-grid';

/**
 * The days and times of a time condition (C-TC-02..06, with an action per option) or of an extension
 * schedule (C-ETC-03..07, without): a draft row of day toggles, from, to (and action) with an add button,
 * over the pending list. Removing an existing option records its id in the form's list of ids to delete
 * (`deletedField`: idsTOtoDelete or deletedOptionIds).
 */
function TimeOptionsField({ value, onChange, disabled, labelId, getField, setField, withAction, deletedField }: CustomFieldProps & { withAction: boolean; deletedField: string }) {
  const { t } = useTranslation();
  const { label } = useCorpActions(withAction);
  const [draft, setDraft] = useState<OptionDraft>(EMPTY_DRAFT);
  const [problem, setProblem] = useState<string | null>(null);
  const options = asOptions(value);

  const add = () => {
    const result = addOption(options, draft, withAction);
    if (!result.ok) {
      setProblem(result.message);
      return;
    }
    setProblem(null);
    onChange(result.options);
    setDraft(EMPTY_DRAFT);
  };
  const remove = (index: number) => {
    const deleted = (getField?.(deletedField) as number[] | undefined) ?? [];
    const next = removeOption(options, index, deleted);
    onChange(next.options);
    setField?.(deletedField, next.deleted);
  };
  const toggleDay = (day: (typeof WEEK_DAYS)[number]) =>
    setDraft((d) => ({ ...d, days: d.days.includes(day) ? d.days.filter((x) => x !== day) : [...d.days, day] }));

  return (
    <div className="flex flex-col gap-3" data-testid="time-options" aria-labelledby={labelId}>
      <div className="flex flex-wrap items-end gap-3 rounded-xl border border-border bg-surface-2 p-3">
        <fieldset className="flex flex-col gap-1.5">
          <legend className="mb-1.5 text-xs font-medium text-muted">{t('timeOptions.days')}</legend>
          <div className="flex flex-wrap gap-1">
            {WEEK_DAYS.map((day) => {
              const on = draft.days.includes(day);
              return (
                <button
                  key={day}
                  type="button"
                  aria-pressed={on}
                  disabled={disabled}
                  onClick={() => toggleDay(day)}
                  className={cn(
                    'h-8 min-w-11 rounded-md border px-2 text-xs font-medium transition-colors focus-visible:outline-2 focus-visible:outline-ring',
                    on ? 'border-primary bg-primary text-primary-foreground' : 'border-border bg-surface text-text hover:bg-surface-3',
                  )}
                  data-testid={`day-${day}`}
                >
                  {t(`days.${day}`)}
                </button>
              );
            })}
          </div>
        </fieldset>
        <label className="flex flex-col gap-1.5 text-xs font-medium text-muted">
          {t('timeOptions.from')}
          <Input type="time" className="w-36" value={draft.from} disabled={disabled} onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value }))} data-testid="option-from" />
        </label>
        <label className="flex flex-col gap-1.5 text-xs font-medium text-muted">
          {t('timeOptions.to')}
          <Input type="time" className="w-36" value={draft.to} disabled={disabled} onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))} data-testid="option-to" />
        </label>
        {withAction ? (
          <label className="flex min-w-56 flex-1 flex-col gap-1.5 text-xs font-medium text-muted">
            {t('timeOptions.action')}
            <DestinationSelect id="option-action" picker={TIME_ACTIONS} value={draft.action} disabled={disabled} onChange={(action) => setDraft((d) => ({ ...d, action }))} />
          </label>
        ) : null}
        {/* C-TC-03: with an action the button waits for every field; C-ETC-05: without one it says what is missing */}
        <Button type="button" size="sm" onClick={add} disabled={disabled || (withAction && !draftComplete(draft, true))} data-testid="option-add">
          <Plus />
          {t('timeOptions.add')}
        </Button>
      </div>
      {/* the field's own error (no options at all) shows under the field; this is the draft's */}
      {problem ? (
        <p role="alert" className="text-xs font-medium text-danger" data-testid="time-options-error">
          {translateMessage(t, problem)}
        </p>
      ) : null}
      {options.length === 0 ? (
        <p className="text-sm text-muted">{t('timeOptions.empty')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-border rounded-xl border border-border" aria-label={t('timeOptions.pending')}>
          {options.map((option, index) => {
            const text = timeOptionText(option, t, label);
            return (
              <li key={`${option.id ?? 'new'}-${index}`} className="flex items-center justify-between gap-3 px-3 py-2 text-sm" data-testid="time-option">
                <span>{text}</span>
                <Button type="button" variant="danger-ghost" size="icon-sm" disabled={disabled} aria-label={t('timeOptions.remove', { name: text })} onClick={() => remove(index)}>
                  <X />
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

export const TimeConditionOptions = (props: CustomFieldProps) => <TimeOptionsField {...props} withAction deletedField="idsTOtoDelete" />;
export const TimeExtenOptions = (props: CustomFieldProps) => <TimeOptionsField {...props} withAction={false} deletedField="deletedOptionIds" />;
