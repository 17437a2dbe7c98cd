import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import es from '../../locales/es.json';
import pt from '../../locales/pt.json';
import { ForecastLine } from '../../kiosk/boards/queues-board';
import { createKioskTexts } from '../../kiosk/kiosk-i18n';
import { KioskTextContext } from '../../kiosk/kiosk-text-context';

const texts = { en, es, pt } as Record<'en' | 'es' | 'pt', Record<string, unknown>>;
const render = (language: 'en' | 'es' | 'pt', forecast: { breachInSec: number; odds: number; agentsNeeded: number | null }) =>
  renderToStaticMarkup(createElement(KioskTextContext.Provider, { value: createKioskTexts(texts, language) }, createElement(ForecastLine, { forecast })));

describe('H-FCST-01 the queue tile’s forecast line', () => {
  it('H-FCST-01 says when the service level breaks and how many agents would hold it, in en, es and pt', () => {
    expect(render('en', { breachInSec: 200, odds: 0.9, agentsNeeded: 14 })).toContain('SLA breaks within ~4 min');
    expect(render('en', { breachInSec: 200, odds: 0.9, agentsNeeded: 14 })).toContain('14 agents would hold it');
    expect(render('es', { breachInSec: 30, odds: 0.9, agentsNeeded: 9 })).toContain('El SLA cae en menos de ~1 min');
    expect(render('pt', { breachInSec: 30, odds: 0.9, agentsNeeded: 9 })).toContain('9 agentes o manteriam');
    // no number of agents holds it (callers already past the threshold): the agents are not shown
    expect(render('en', { breachInSec: 60, odds: 1, agentsNeeded: null })).not.toContain('agents would hold');
  });
});
