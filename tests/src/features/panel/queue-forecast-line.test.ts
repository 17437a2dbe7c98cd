/**
 * H-FCST-01 on the supervisor's Panel: the queue cards' forecast line (translated, absent without a
 * confident forecast) and the panel's forecast stream over a real live feed (streams/live-feed.ts on a
 * virtual clock), fed the hub events a tab receives.
 */
import i18next from 'i18next';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { Subject, VirtualAction, VirtualTimeScheduler, of } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../../../../locales/en.json';
import es from '../../../../locales/es.json';
import pt from '../../../../locales/pt.json';
import type { ForecastShown } from '../../../../domain/forecast/service-level-forecast';
import { EXT_STATUS } from '../../../../domain/realtime';
import { panelForecasts$ } from '../../../../src/features/panel/panel-forecasts';
import { QueueForecastLine } from '../../../../src/features/panel/queue-forecast-line';
import type { HubEvent } from '../../../../streams/hub-events';
import { createLiveFeed, type LiveFeed } from '../../../../streams/live-feed';
import type { QueueForecasts } from '../../../../streams/queue-forecast';
import { caller, ext, hub, queue } from '../../../streams/fixtures';

const render = (lng: 'en' | 'es' | 'pt', forecast: ForecastShown) => {
  const i18n = i18next.createInstance();
  void i18n.init({ lng, resources: { en: { translation: en }, es: { translation: es }, pt: { translation: pt } }, interpolation: { escapeValue: false }, initAsync: false });
  return renderToStaticMarkup(createElement(I18nextProvider, { i18n }, createElement(QueueForecastLine, { forecast })));
};

describe('H-FCST-01 the Panel queue card’s forecast line', () => {
  it('H-FCST-01 says when the service level breaks and how many agents would hold it, in en, es and pt; nothing without a forecast', () => {
    const html = render('en', { breachInSec: 200, odds: 0.9, agentsNeeded: 14 });
    expect(html).toContain('data-testid="queue-forecast"');
    expect(html).toContain('SLA breaks within ~4 min');
    expect(html).toContain('14 agents would hold it');
    expect(render('es', { breachInSec: 30, odds: 0.9, agentsNeeded: 9 })).toContain('El SLA cae en menos de ~1 min');
    expect(render('pt', { breachInSec: 30, odds: 0.9, agentsNeeded: 9 })).toContain('9 agentes o manteriam');
    // callers already past the threshold: no number of agents holds it, none is shown
    expect(render('en', { breachInSec: 60, odds: 1, agentsNeeded: null })).not.toContain('agents would hold');
    // the model is not confident (or the queue is already past its warning): no line at all
    expect(render('en', null)).toBe('');
  });
});

const S = 1000;
const M = 60 * S;

describe('H-FCST-01 the Panel’s forecasts over its live feed', () => {
  let feed: LiveFeed | undefined;
  afterEach(() => feed?.dispose());

  /**
   * Five agents, all in a call; the last 10 minutes brought 4 calls a minute, answered at once and talking
   * 45 s; the day's counters then say 113 of 140 in time (80.7 %, never at the 80 % warning). Without
   * wrap-up that is 3 Erlangs on 5 agents: nothing to say. With the queue's 105 s of wrap-up a call holds
   * its agent 150 s: 10 Erlangs on 5 agents, the card says the SLA breaks.
   */
  function floor(wrapupSec: number): { last: QueueForecasts | undefined; emitted: number } {
    const scheduler = new VirtualTimeScheduler(VirtualAction, 0);
    const events = new Subject<HubEvent>();
    feed = createLiveFeed({ corpId: queue(1).corpId, events$: events, state$: of('connected'), localNow: () => scheduler.now(), scheduler });
    let last: QueueForecasts | undefined;
    let emitted = 0;
    panelForecasts$(feed, events).subscribe((f) => {
      last = f;
      emitted += 1;
    });
    const until = (t: number) => {
      scheduler.maxFrames = t;
      scheduler.flush();
    };
    const members = ['201', '202', '203', '204', '205'];
    events.next(hub.allExtensions(members.map((n) => ext(n, EXT_STATUS.inUse, { callStart: 0, peer: '5550000' }))));
    events.next(hub.allQueues([queue(1, { members, answered: 100, answeredWithinSl: 90, wrapupSec })]));
    for (let i = 0; i < 40; i++) {
      const at = i * 15 * S;
      until(at);
      events.next(hub.joined(caller(`c${i}`, at)));
      events.next(hub.left(1, `c${i}`, 'answered', 2 * S, at + 2 * S));
      // the agents' own calls stay up (the Hangup names a phone outside the queue)
      events.next(hub.hangup(`c${i}`, '5551000', '299', at + 47 * S, 45));
    }
    until(10 * M);
    events.next(hub.allQueues([queue(1, { members, answered: 140, answeredWithinSl: 113, wrapupSec })], 10 * M));
    until(10 * M + 30 * S);
    return { last, emitted };
  }

  it('H-FCST-01 the same floor: no forecast when its calls hold an agent for their talk only, "breaks in ~N min" with the queue’s wrap-up', () => {
    const plain = floor(0);
    expect(plain.emitted).toBeGreaterThan(0);
    expect(plain.last?.[1] ?? null).toBeNull();
    const shown = floor(105).last?.[1] ?? null;
    expect(shown).not.toBeNull();
    expect(shown!.breachInSec).toBeLessThanOrEqual(10 * 60);
    expect(render('en', shown)).toMatch(/SLA breaks within ~\d+ min/);
  });
});
