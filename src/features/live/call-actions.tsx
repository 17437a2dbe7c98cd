/**
 * The supervisor's hands on live calls (issue 21), shared by the Panel's cards and callers and the
 * active-calls screen: listen, whisper or barge from a phone of the supervisor's choice (G-SPY),
 * record on demand (G-REC), transfer a call or a waiting caller to an extension, a queue or an outside
 * number (G-XFR-01, G-XFR-03), and the same transfer by dropping a call on an extension card
 * (G-XFR-04). The server decides (server/live/call-actions.ts); these offer what the user may do
 * (G-PRM-01) and say the server's refusal in the user's language.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, useSyncExternalStore, type DragEvent, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { transferTarget, type CallActionResult } from '../../../domain/call-actions';
import { SPY_MODES, type SpyMode } from '../../../domain/realtime';
import { CEILING, withinCeiling } from '../../../domain/level-ceilings';
import { canAct } from '../../../domain/permissions';
import { extensionResource, queueResource } from '../../../domain/resources';
import { apiRequest, isApiFailure } from '../../api/client';
import { resourceListQuery, type Row } from '../../api/resources';
import { useScope, useUser } from '../../app/session';
import { Button } from '../../ui/button';
import { Dialog, FormDialogFooter } from '../../ui/dialog';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { Select } from '../../ui/select';
import { useSnackbar } from '../../ui/snackbar';

/** Who a transfer moves: the other party of an extension's call, or a caller waiting in a queue. */
export type TransferWho = { number: string } | { callId: string };

type CallRequest = { path: 'call/spy' | 'call/record' | 'call/transfer'; body: Record<string, unknown>; done: string };

/** One call action with its snackbar. */
export function useCallAction() {
  const { t } = useTranslation();
  const { notify } = useSnackbar();
  return useMutation({
    mutationFn: async (request: CallRequest) => (await apiRequest<CallActionResult>(request.path, { method: 'POST', body: request.body })).data,
    onSuccess: (_result, request) => notify(t(request.done), 'success'),
    onError: (error) => notify(t(isApiFailure(error) ? error.message : 'errors.default', { defaultValue: t('errors.default') }), 'danger'),
  });
}

/** What the signed-in user may do on a call of an extension (owned by `ownerUserId`): the role group's actions; its own call it may transfer. */
export function useCallPermissions(ownerUserId: number | null): { spyModes: SpyMode[]; record: boolean; transfer: boolean } {
  const user = useUser();
  const own = ownerUserId !== null && ownerUserId === user.id && withinCeiling(user.level, CEILING.ownAgentActions);
  return {
    spyModes: SPY_MODES.filter((mode) => canAct(user, mode)),
    record: canAct(user, 'record'),
    transfer: own || canAct(user, 'transfer'),
  };
}

const PHONE_KEY = 'callboard.spyPhone';

/** The phone a supervisor listens from, kept per user and corp in this browser (their own extension until they pick one). */
function usePhoneChoice(extensions: readonly Row[]): [string, (number: string) => void] {
  const user = useUser();
  const scope = useScope();
  const key = `${PHONE_KEY}.${user.id}.${scope ?? 'own'}`;
  const [chosen, setChosen] = useState<string | null>(() => localStorage.getItem(key));
  const own = extensions.find((e) => e.userId === user.id);
  // a choice of no phone stands (the field then asks for one); a phone since removed falls back
  const known = chosen !== null && (chosen === '' || extensions.some((e) => String(e.number) === chosen));
  const value = known ? chosen : own ? String(own.number) : '';
  return [
    value,
    (number) => {
      localStorage.setItem(key, number);
      setChosen(number);
    },
  ];
}

/** The corp's extensions and queues (the resource lists the panel reads too). */
function useDirectory() {
  const scope = useScope();
  const extensions = useQuery(resourceListQuery(extensionResource, scope));
  const queues = useQuery(resourceListQuery(queueResource, scope));
  return { extensions: extensions.data ?? [], queues: queues.data ?? [], loading: extensions.isPending };
}

const extensionLabel = (row: Row) => [row.number, row.userName || row.description].filter((v) => v !== undefined && v !== null && v !== '').join(' · ');

/** G-SPY-01..03: the mode (only those the user may use) and the phone that rings first. */
export function SpyDialog({ number, onClose }: { number: string; onClose: () => void }) {
  const { t } = useTranslation();
  const may = useCallPermissions(null);
  const { extensions, loading } = useDirectory();
  const phones = extensions.filter((e) => String(e.number) !== number && e.enabled !== false);
  const [phone, setPhone] = usePhoneChoice(phones);
  const [mode, setMode] = useState<SpyMode>(may.spyModes[0] ?? 'listen');
  const [missing, setMissing] = useState(false);
  const action = useCallAction();
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (phone === '') return setMissing(true);
    action.mutate({ path: 'call/spy', body: { number, mode, from: phone }, done: 'calls.spy.started' }, { onSuccess: onClose });
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('calls.spy.title', { number })}
      width={440}
      testId="spy-dialog"
      onSubmit={submit}
      footer={<FormDialogFooter onCancel={onClose} saving={action.isPending} submitLabel={t(`calls.spy.modes.${mode}`)} submitTestId="spy-submit" />}
    >
      <div className="flex flex-col gap-3">
        <fieldset className="flex flex-col gap-1.5">
          <legend className="mb-1 text-sm font-medium">{t('calls.spy.mode')}</legend>
          {may.spyModes.map((m) => (
            <label key={m} className="flex items-start gap-2 text-sm">
              <input type="radio" name="spy-mode" value={m} checked={mode === m} onChange={() => setMode(m)} className="mt-0.5" data-testid={`spy-mode-${m}`} />
              <span>
                <span className="font-medium">{t(`calls.spy.modes.${m}`)}</span>
                <span className="block text-xs text-muted">{t(`calls.spy.hints.${m}`)}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <FormField id="spy-phone" label={t('calls.spy.phone')} hint={t('calls.spy.phoneHint')} error={missing ? t('validation.required') : undefined}>
          <Select id="spy-phone" value={phone} onChange={(e) => (setPhone(e.target.value), setMissing(false))} aria-invalid={missing} data-testid="spy-phone">
            <option value="">{loading ? t('panel.loading') : t('calls.spy.choosePhone')}</option>
            {phones.map((e) => (
              <option key={String(e.number)} value={String(e.number)}>
                {extensionLabel(e)}
              </option>
            ))}
          </Select>
        </FormField>
      </div>
    </Dialog>
  );
}

/**
 * Attended transfers in progress (G-XFR-02), by extension, in this tab: a consultation outlives its
 * dialog (the supervisor may close it while the two talk), and the card's menu offers to complete or
 * cancel it then. The leader knows them too (server/live/call-actions.ts); this is only what to show.
 */
const consulting = new Map<string, { to: string; from: string }>();
const consultingListeners = new Set<() => void>();
function setConsulting(number: string, value: { to: string; from: string } | null): void {
  if (value) consulting.set(number, value);
  else consulting.delete(number);
  for (const listener of consultingListeners) listener();
}

/** The attended transfer of `number`'s call this tab started and has not completed or cancelled. */
export function useConsulting(number: string): { to: string; from: string } | null {
  return useSyncExternalStore(
    (onChange) => {
      consultingListeners.add(onChange);
      return () => consultingListeners.delete(onChange);
    },
    () => consulting.get(number) ?? null,
  );
}

/**
 * G-XFR-01 / G-XFR-02 / G-XFR-03: where the call goes, typed or picked (`list` holds the corp's
 * extensions and queues; a queue is sent as `queue:{id}`, what the API takes), checked with the
 * domain's rule before it is sent. An extension's call may go blind or after a consultation: a phone
 * (the extension's own by default, as a second line) calls the target first, then the transfer is
 * completed or cancelled from here or from the card's menu.
 */
export function TransferDialog({ who, title, onClose }: { who: TransferWho; title: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { extensions, queues } = useDirectory();
  const self = 'number' in who ? who.number : null;
  const pending = useConsulting(self ?? '');
  const [to, setTo] = useState('');
  const [attended, setAttended] = useState(false);
  const [from, setFrom] = useState(self ?? '');
  const [error, setError] = useState<string | null>(null);
  const action = useCallAction();
  const options = [
    ...extensions.filter((e) => String(e.number) !== self && e.enabled !== false).map((e) => ({ value: String(e.number), label: extensionLabel(e) })),
    ...(attended ? [] : queues.map((q) => ({ value: `queue:${String(q.id)}`, label: t('calls.transfer.queueOption', { name: String(q.name ?? q.id) }) }))),
  ];
  // a queue may be picked by its name: the datalist shows it, the value sent is queue:{id}
  const resolved = options.find((o) => o.label === to.trim())?.value ?? to.trim();
  const step = (next: 'complete' | 'cancel') =>
    self !== null &&
    action.mutate(
      { path: 'call/transfer', body: { number: self, mode: 'attended', step: next }, done: next === 'complete' ? 'calls.transfer.done' : 'calls.transfer.cancelled' },
      // done or not, a refusal says the consultation is over (its call ended): nothing left to show
      { onSettled: () => (setConsulting(self, null), onClose()) },
    );
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (pending) return step('complete');
    const parsed = transferTarget.safeParse(resolved);
    if (!parsed.success) return setError(t(parsed.error.issues[0]?.message ?? 'validation.transferTarget'));
    if (attended && self !== null) {
      action.mutate(
        { path: 'call/transfer', body: { number: self, to: parsed.data, mode: 'attended', from: from || self }, done: 'calls.transfer.consulting' },
        { onSuccess: () => setConsulting(self, { to: parsed.data, from: from || self }) },
      );
      return;
    }
    action.mutate({ path: 'call/transfer', body: { ...who, to: parsed.data }, done: 'calls.transfer.done' }, { onSuccess: onClose });
  };
  // a consultation running from this phone: the same dialog waits for it to be completed or cancelled
  if (pending && self !== null) {
    const consultFooter = (
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" onClick={() => step('cancel')} disabled={action.isPending} data-testid="transfer-cancel">
          {t('calls.transfer.cancel')}
        </Button>
        <Button type="submit" disabled={action.isPending} data-testid="transfer-complete">
          {t('calls.transfer.complete')}
        </Button>
      </div>
    );
    return (
      <TransferDialogFrame title={title} onClose={onClose} onSubmit={submit} footer={consultFooter}>
        <p className="text-sm" data-testid="transfer-consulting">
          {t('calls.transfer.consultingText', { from: pending.from, to: pending.to })}
        </p>
      </TransferDialogFrame>
    );
  }
  return (
    <TransferDialogFrame
      title={title}
      onClose={onClose}
      onSubmit={submit}
      footer={<FormDialogFooter onCancel={onClose} saving={action.isPending} submitLabel={attended ? t('calls.transfer.consult') : t('calls.transfer.submit')} submitTestId="transfer-submit" />}
    >
      <div className="flex flex-col gap-3">
        <FormField id="transfer-to" label={t('calls.transfer.to')} hint={t(attended ? 'calls.transfer.toHintAttended' : 'calls.transfer.toHint')} error={error ?? undefined}>
          <Input
            id="transfer-to"
            list="transfer-targets"
            value={to}
            autoComplete="off"
            autoFocus
            onChange={(e) => (setTo(e.target.value), setError(null))}
            aria-invalid={error !== null}
            data-testid="transfer-to"
          />
        </FormField>
        <datalist id="transfer-targets">
          {options.map((o) => (
            <option key={o.value} value={o.value.startsWith('queue:') ? o.label : o.value}>
              {o.label}
            </option>
          ))}
        </datalist>
        {self !== null ? (
          <fieldset className="flex flex-col gap-1.5">
            <legend className="mb-1 text-sm font-medium">{t('calls.transfer.how')}</legend>
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" name="transfer-mode" checked={!attended} onChange={() => setAttended(false)} data-testid="transfer-blind" />
              {t('calls.transfer.blind')}
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" name="transfer-mode" checked={attended} onChange={() => setAttended(true)} data-testid="transfer-attended" />
              {t('calls.transfer.attended')}
            </label>
          </fieldset>
        ) : null}
        {attended && self !== null ? (
          <FormField id="transfer-from" label={t('calls.transfer.from')}>
            <Select id="transfer-from" value={from} onChange={(e) => setFrom(e.target.value)} data-testid="transfer-from">
              <option value={self}>{t('calls.transfer.ownPhone', { number: self })}</option>
              {extensions
                .filter((e) => String(e.number) !== self && e.enabled !== false)
                .map((e) => (
                  <option key={String(e.number)} value={String(e.number)}>
                    {extensionLabel(e)}
                  </option>
                ))}
            </Select>
          </FormField>
        ) : null}
      </div>
    </TransferDialogFrame>
  );
}

/** The transfer dialog's frame: the form while choosing, the consultation while it runs. */
function TransferDialogFrame({ title, onClose, onSubmit, footer, children }: { title: string; onClose: () => void; onSubmit: (e: FormEvent<HTMLFormElement>) => void; footer: ReactNode; children: ReactNode }) {
  return (
    <Dialog open onClose={onClose} title={title} width={440} testId="transfer-dialog" onSubmit={onSubmit} footer={footer}>
      {children}
    </Dialog>
  );
}

/** The drag type of a call or a waiting caller dragged onto an extension card (G-XFR-04). */
export const CALL_DRAG_TYPE = 'application/x-callboard-call';

/** Props that make an element a draggable call (an extension's call, or a waiting caller). */
export function draggableCall(who: TransferWho, label: string) {
  return {
    draggable: true,
    onDragStart: (e: DragEvent<HTMLElement>) => {
      e.dataTransfer.setData(CALL_DRAG_TYPE, JSON.stringify(who));
      e.dataTransfer.setData('text/plain', label);
      e.dataTransfer.effectAllowed = 'move';
    },
  };
}

/** What a drop carried: a call or a waiting caller, else null (a file, some text). */
export function droppedCall(data: string): TransferWho | null {
  try {
    const value: unknown = JSON.parse(data);
    if (typeof value !== 'object' || value === null) return null;
    if ('number' in value && typeof value.number === 'string') return { number: value.number };
    if ('callId' in value && typeof value.callId === 'string') return { callId: value.callId };
  } catch {
    return null;
  }
  return null;
}

/**
 * An extension card as a drop target (G-XFR-04): a call dropped on it is transferred to that
 * extension (not onto itself); `over` lights the card while a call hovers it.
 */
export function useCallDrop(number: string, mayTransfer: boolean) {
  const action = useCallAction();
  const [over, setOver] = useState(false);
  const accepts = (e: DragEvent<HTMLElement>) => mayTransfer && e.dataTransfer.types.includes(CALL_DRAG_TYPE);
  return {
    over,
    props: {
      onDragOver: (e: DragEvent<HTMLElement>) => {
        if (!accepts(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'move';
        setOver(true);
      },
      onDragLeave: () => setOver(false),
      onDrop: (e: DragEvent<HTMLElement>) => {
        setOver(false);
        if (!accepts(e)) return;
        e.preventDefault();
        const who = droppedCall(e.dataTransfer.getData(CALL_DRAG_TYPE));
        if (!who || ('number' in who && who.number === number)) return;
        action.mutate({ path: 'call/transfer', body: { ...who, to: number }, done: 'calls.transfer.done' });
      },
    },
  };
}
