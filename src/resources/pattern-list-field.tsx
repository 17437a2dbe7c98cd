import { Plus, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DIAL_PATTERN } from '../../domain/resources/destination-group';
import { translateMessage } from '../app/messages';
import { Button } from '../ui/button';
import { Input } from '../ui/input';
import type { CustomFieldProps } from './views-grid';

/** A destination group's patterns (C-DG-01): type one, add it; each listed with a remove button. */
export function PatternListField({ value, onChange, disabled, labelId, error }: CustomFieldProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const patterns = Array.isArray(value) ? value.map(String) : [];
  const nested = error && typeof error === 'object' && 'message' in error && typeof error.message === 'string' ? error.message : null;

  const add = () => {
    const pattern = draft.trim().toUpperCase();
    if (!DIAL_PATTERN.test(pattern)) {
      setProblem('validation.dialPattern');
      return;
    }
    setProblem(null);
    if (!patterns.includes(pattern)) onChange([...patterns, pattern]);
    setDraft('');
  };

  return (
    <div className="flex flex-col gap-2" data-testid="pattern-list">
      <div className="flex gap-2">
        <Input
          value={draft}
          aria-label={t('patternList.pattern')}
          placeholder="_0XX9XXXXXXXX"
          disabled={disabled}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
          data-testid="pattern-input"
        />
        <Button type="button" size="sm" onClick={add} disabled={disabled || draft.trim() === ''} data-testid="pattern-add">
          <Plus />
          {t('patternList.add')}
        </Button>
      </div>
      {problem || nested ? (
        <p role="alert" className="text-xs font-medium text-danger">
          {translateMessage(t, problem ?? nested)}
        </p>
      ) : null}
      {patterns.length === 0 ? (
        <p className="text-sm text-muted">{t('patternList.empty')}</p>
      ) : (
        <ul className="flex flex-wrap gap-2" aria-labelledby={labelId}>
          {patterns.map((pattern) => (
            <li key={pattern} className="inline-flex items-center gap-1 rounded-md border border-border bg-surface-2 py-0.5 pr-0.5 pl-2 font-mono text-xs">
              {pattern}
              <Button type="button" variant="ghost" size="icon-sm" disabled={disabled} aria-label={t('patternList.remove', { name: pattern })} onClick={() => onChange(patterns.filter((p) => p !== pattern))}>
                <X />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
