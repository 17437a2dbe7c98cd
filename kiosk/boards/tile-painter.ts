/**
 * A kiosk tile's live state, painted into the tile's elements instead of rendered by React (as its
 * timer already was, live/timer-painter.ts). React lays the tile out once per size (the auto-fit) and
 * renders the elements empty; this writes what the extension's actor says into them, and on every new
 * snapshot only what changed: the state colours, `data-status` and the state icon; the name; the
 * other party (masked with the screen's privacy); the mark of a supervisor's listening leg (G-SPY-05);
 * the timer's start; the benchmark's probe.
 *
 * Why: at 2,000 tiles and 500 state changes a second React rendered a tile about 1,400 times a second
 * (a call makes some seven machine events per party), each render a commit of its own with the
 * fibers from the root down to the tile cloned; that was a tenth of the main thread in
 * bench:wallboard --profile (bench/README.md). Writing two custom properties and an attribute is what
 * such a render ended in anyway. Pure but for the nodes it is given (tests use fakes).
 */
import { shownState, type ShownStatus } from '../../domain/agents';
import type { SpyMode } from '../../domain/realtime';
import { EXT_STATUS, type ExtStatus } from '../../domain/realtime';
import { statusCode, type ExtensionSnapshot } from '../../machines/extension-machine';
import { statusLook } from '../../src/ui/ext-status';
import type { BenchProbe } from '../live/probe';
import type { TimerPainter, TimerTarget } from '../live/timer-painter';
import { fitName, maskParty } from '../format';
import { iconVar } from './status-icon-images';

/** The part of an element the painter writes (the DOM's HTMLElement has it; tests pass fakes). */
export interface PaintedElement {
  textContent: string | null;
  style: { setProperty(name: string, value: string): void };
  setAttribute(name: string, value: string): void;
}

export interface TileNodes {
  root: PaintedElement;
  /** the state icon beside the number; null on the densest floors (the number alone, see agents-board.tsx) */
  icon: PaintedElement | null;
  /** null when the tile is too small for names */
  user: PaintedElement | null;
  /** null when the tile is too small for the other party */
  party: PaintedElement | null;
  /** null when the tile shows the number only */
  timer: TimerTarget | null;
}

export interface TilePaintOptions {
  painter: TimerPainter;
  probe: BenchProbe;
  /** the screen's "mask caller numbers" */
  privacy: boolean;
  /** how many characters of a name fit the tile */
  nameChars: number;
  /** the board's clock (server time): wrap-up's end and a pause turning overdue are shown by it (G-AGS) */
  now: () => number;
  /** the words of a listening leg's mark (G-SPY-05: "Listening", ...), its accessible label */
  listeningLabel: (mode: SpyMode) => string;
}

/** When the tile's timer started: ringing counts from the ring, a call from its answer, an agent state from its start; none otherwise. */
export function tileTimerStart(snapshot: ExtensionSnapshot, agentSince: number | null = null): number | null {
  const status = statusCode(snapshot);
  if (status === EXT_STATUS.ringing) return snapshot.context.since;
  if (status === EXT_STATUS.inUse || status === EXT_STATUS.onHold) return snapshot.context.callStart ?? snapshot.context.since;
  return agentSince;
}

/** What a tile shows of its extension (and the `since` the benchmark's probe reports). */
export interface TileView {
  userName: string;
  /** the phone's status (what the benchmark's probe counts) */
  status: ExtStatus;
  /** what shows: the phone's status, or the agent's state over an idle phone (domain shownState) */
  shown: ShownStatus;
  /** a pause past its reason's maximum */
  overdue: boolean;
  peer: string | null;
  /** the call is a supervisor's leg listening to `peer` (G-SPY-05) */
  listening: SpyMode | null;
  timerStart: number | null;
  since: number;
  /** when what shows changes by itself (null: only with an event) */
  changesAt: number | null;
}

export const tileView = (snapshot: ExtensionSnapshot, now: number): TileView => {
  const status = statusCode(snapshot);
  const shown = shownState(status, snapshot.context.agent, now);
  return {
    userName: snapshot.context.userName,
    status,
    shown: shown.status,
    overdue: shown.overdue,
    peer: snapshot.context.peer,
    listening: snapshot.context.listening,
    timerStart: tileTimerStart(snapshot, shown.agentSince),
    since: snapshot.context.since,
    changesAt: shown.changesAt,
  };
};

/** `since` is not compared: alone it shows nothing (a timer shows from `timerStart`). */
export const sameView = (a: TileView, b: TileView) =>
  a.status === b.status && a.shown === b.shown && a.overdue === b.overdue && a.timerStart === b.timerStart && a.peer === b.peer && a.listening === b.listening && a.userName === b.userName;

/**
 * Whether a tile's new state was shown because of a hub event, which the benchmark's latency counts:
 * every change but the extension machine's own hangup → online (a timer of the machine, no event).
 */
export const shownByEvent = (before: ExtStatus, after: ExtStatus) => !(before === EXT_STATUS.hangup && after === EXT_STATUS.online);

/**
 * A supervisor's leg (G-SPY-05), written only around one (a tile never marked costs nothing):
 * `data-listening` (kiosk.css outlines the tile and puts the mode's mark in front of the party) and the
 * mode's words with the party as the tile's title, at every tile size.
 */
function paintListening(root: PaintedElement, view: TileView, options: TilePaintOptions): void {
  const mode = view.listening;
  root.setAttribute('data-listening', mode ?? '');
  root.setAttribute('title', mode ? `${options.listeningLabel(mode)} ${maskParty(view.peer, options.privacy)}` : '');
}

export interface TilePaint {
  /** paints a snapshot of the tile's actor (the first one whole, later ones what changed) */
  paint(snapshot: ExtensionSnapshot): void;
  /** the timer leaves the painter */
  dispose(): void;
}

export function createTilePaint(nodes: TileNodes, options: TilePaintOptions): TilePaint {
  let shown: TileView | null = null;
  let stopTimer: (() => void) | null = null;
  let last: ExtensionSnapshot | null = null;
  let later: ReturnType<typeof setTimeout> | null = null;
  const paint = (snapshot: ExtensionSnapshot) => {
    last = snapshot;
    const view = tileView(snapshot, options.now());
    // a wrap-up ends and a pause turns overdue with no event: painted again then
    if (later !== null) clearTimeout(later);
    later = view.changesAt !== null ? setTimeout(() => last && paint(last), Math.max(0, view.changesAt - options.now()) + 20) : null;
    const before = shown;
    if (before && sameView(before, view)) return;
    shown = view;
    if (before?.shown !== view.shown || before.overdue !== view.overdue) {
      const look = statusLook(view.shown, view.overdue);
      nodes.root.style.setProperty('--tile-bg', `var(${look.token})`);
      nodes.root.style.setProperty('--tile-fg', `var(${look.token}-fg)`);
      nodes.root.setAttribute('data-status', String(view.shown));
      nodes.icon?.style.setProperty('background-image', iconVar(look.tone));
    }
    if (nodes.user && before?.userName !== view.userName) {
      nodes.user.textContent = fitName(view.userName, options.nameChars);
      nodes.user.setAttribute('title', view.userName);
    }
    if (nodes.party && before?.peer !== view.peer) nodes.party.textContent = maskParty(view.peer, options.privacy);
    if ((view.listening || before?.listening) && (before?.listening !== view.listening || before.peer !== view.peer)) paintListening(nodes.root, view, options);
    if (before?.timerStart !== view.timerStart) {
      stopTimer?.();
      stopTimer = nodes.timer && view.timerStart !== null ? options.painter.register(nodes.timer, view.timerStart) : null;
    }
    if (before && (before.status !== view.status || before.since !== view.since) && shownByEvent(before.status, view.status)) options.probe.shown(view.since);
  };
  return {
    paint,
    dispose() {
      stopTimer?.();
      stopTimer = null;
      if (later !== null) clearTimeout(later);
      later = null;
    },
  };
}
