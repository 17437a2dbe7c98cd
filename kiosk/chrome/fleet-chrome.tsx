/**
 * The TV's part of the fleet (H-FLEET-01, H-TICK-01), a lazy chunk of its own so the kiosk route's
 * first download does not carry it (tests/kiosk/kiosk-bundle-budget.test.ts): a TV (a key in the URL;
 * a signed-in tab watching is no TV of the fleet) beats over its hub connection, and the ticker band
 * shows the screen's messages from the KioskTicker pushes and the beats' answers.
 */
import { useEffect, useMemo } from 'react';
import { Subject } from 'rxjs';
import { useObservable } from '../../src/ui/use-observable';
import { useKiosk } from '../app/kiosk-context';
import { startHeartbeat } from '../live/heartbeat';
import { tickerFeed, type TickerSnapshot } from '../live/ticker-feed';
import { TickerBand } from './ticker-band';

export default function FleetChrome() {
  const { live, config, url } = useKiosk();
  const answers = useMemo(() => new Subject<TickerSnapshot>(), []);
  useEffect(() => (url.key ? startHeartbeat(live, (messages, at) => answers.next({ messages, at })) : undefined), [live, url.key, answers]);
  const feed$ = useMemo(() => tickerFeed(live.hub.events$, answers, live.clock$, config.id), [live, answers, config.id]);
  return <TickerBand messages={useObservable(feed$, [])} />;
}
