/**
 * H-FLEET-02: the toast on every admin screen when one of the corp's TVs goes dark (and when it is
 * back). The server sends KioskAlert only to the connections that may read kiosk screens; this
 * component only says it.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useHub } from '../../hub';
import { useSnackbar } from '../../ui/snackbar';

const DARK_TOAST_MS = 15_000;

export function FleetAlerts() {
  const { t } = useTranslation();
  const hub = useHub();
  const { notify } = useSnackbar();
  useEffect(() => {
    if (!hub) return;
    const sub = hub.events$.subscribe((event) => {
      if (event.name !== 'KioskAlert') return;
      const { name, state } = event.payload;
      // a dark TV stays on screen longer than a save's note: someone has to walk to it
      notify(t(state === 'dark' ? 'kioskAdmin.fleet.alertDark' : 'kioskAdmin.fleet.alertBack', { name }), state === 'dark' ? 'danger' : 'success', state === 'dark' ? DARK_TOAST_MS : undefined);
    });
    return () => sub.unsubscribe();
  }, [hub, notify, t]);
  return null;
}
