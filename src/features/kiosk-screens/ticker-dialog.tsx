/**
 * H-TICK-01: push a message to chosen screens (text, priority, expiry), and see or take off the
 * messages running. Shown to who may (domain KIOSK_TICKER_ACCESS); the server checks it again.
 */
import { Trash } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TICKER_PRIORITIES, TICKER_RULES, type KioskFleetEntry, type TickerPriority } from '../../../domain/kiosk-fleet';
import { isApiFailure } from '../../api/client';
import { translateMessage } from '../../app/messages';
import { Button } from '../../ui/button';
import { Checkbox } from '../../ui/checkbox';
import { Dialog, FormDialogFooter } from '../../ui/dialog';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { Select } from '../../ui/select';
import { useSnackbar } from '../../ui/snackbar';
import { usePushTicker, useRemoveTicker, useTickerMessages } from './fleet-api';

export function TickerDialog({ open, onClose, screens }: { open: boolean; onClose: () => void; screens: readonly KioskFleetEntry[] }) {
  const { t } = useTranslation();
  const { notify, notifySave } = useSnackbar();
  const [text, setText] = useState('');
  const [priority, setPriority] = useState<TickerPriority>('info');
  const [minutes, setMinutes] = useState(String(TICKER_RULES.defaultMinutes));
  const [chosen, setChosen] = useState<number[]>([]);
  const [error, setError] = useState<string | null>(null);
  const push = usePushTicker();
  const remove = useRemoveTicker();
  const running = useTickerMessages(open);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    push.mutate(
      { text, priority, screens: chosen, minutes: Number(minutes) },
      {
        onSuccess: () => {
          notifySave(t('kioskAdmin.ticker.pushed'));
          setText('');
        },
        onError: (failure) => setError(isApiFailure(failure) ? translateMessage(t, failure.body.issues?.[0]?.message ?? failure.body.message) : t('errors.default')),
      },
    );
  };
  const all = chosen.length === screens.length && screens.length > 0;
  const name = (id: number) => screens.find((s) => s.screenId === id)?.name ?? `#${id}`;

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('kioskAdmin.ticker.title')}
      description={t('kioskAdmin.ticker.description')}
      testId="ticker-dialog"
      onSubmit={submit}
      footer={<FormDialogFooter onCancel={onClose} submitLabel={t('kioskAdmin.ticker.push')} saving={push.isPending} submitTestId="ticker-push" />}
    >
      <div className="flex flex-col gap-4">
        <FormField id="ticker-text" label={t('kioskAdmin.ticker.text')} error={error ?? undefined} hint={t('kioskAdmin.ticker.textHint', { max: TICKER_RULES.textMax })}>
          <Input id="ticker-text" value={text} maxLength={TICKER_RULES.textMax} onChange={(e) => setText(e.target.value)} data-testid="ticker-text" />
        </FormField>
        <div className="grid grid-cols-2 gap-4">
          <FormField id="ticker-priority" label={t('kioskAdmin.ticker.priority')}>
            <Select id="ticker-priority" value={priority} onChange={(e) => setPriority(e.target.value as TickerPriority)} data-testid="ticker-priority">
              {TICKER_PRIORITIES.map((p) => (
                <option key={p} value={p}>
                  {t(`kioskAdmin.ticker.priorities.${p}`)}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField id="ticker-minutes" label={t('kioskAdmin.ticker.minutes')}>
            <Input id="ticker-minutes" type="number" min={TICKER_RULES.minutesMin} max={TICKER_RULES.minutesMax} value={minutes} onChange={(e) => setMinutes(e.target.value)} data-testid="ticker-minutes" />
          </FormField>
        </div>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">{t('kioskAdmin.ticker.screens')}</legend>
          <label className="flex items-center gap-2 text-sm">
            <Checkbox checked={all} onCheckedChange={(on) => setChosen(on ? screens.map((s) => s.screenId) : [])} data-testid="ticker-all" aria-label={t('kioskAdmin.ticker.all')} />
            {t('kioskAdmin.ticker.all')}
          </label>
          {screens.map((s) => (
            <label key={s.screenId} className="flex items-center gap-2 text-sm">
              <Checkbox
                checked={chosen.includes(s.screenId)}
                onCheckedChange={(on) => setChosen(on ? [...chosen, s.screenId] : chosen.filter((id) => id !== s.screenId))}
                data-testid={`ticker-screen-${s.screenId}`}
                aria-label={s.name}
              />
              {s.name}
            </label>
          ))}
        </fieldset>
        {running.data && running.data.length > 0 ? (
          <div className="flex flex-col gap-2" data-testid="ticker-running">
            <h3 className="text-sm font-medium">{t('kioskAdmin.ticker.running')}</h3>
            <ul className="flex flex-col gap-1">
              {running.data.map((m) => (
                <li key={m.id} className="flex items-center gap-2 text-sm">
                  <span className="min-w-0 flex-1 truncate">
                    [{t(`kioskAdmin.ticker.priorities.${m.priority}`)}] {m.text} — {m.screens.map(name).join(', ')}
                  </span>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon-sm"
                    aria-label={t('kioskAdmin.ticker.remove')}
                    title={t('kioskAdmin.ticker.remove')}
                    onClick={() => remove.mutate(m.id, { onError: () => notify(t('errors.default'), 'danger') })}
                    data-testid={`ticker-remove-${m.id}`}
                  >
                    <Trash />
                  </Button>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </Dialog>
  );
}
