import type { FloorContext } from '../../kiosk/boards/floor-drawer';

/** A floor's 2D context that keeps only the texts drawn, in order (every character 6 px wide); `onText` runs at each. */
export function textContext(onText: () => void = () => undefined): { context: FloorContext; texts: string[] } {
  const texts: string[] = [];
  const context: FloorContext = {
    fillStyle: '',
    font: '',
    textBaseline: 'alphabetic',
    textAlign: 'start',
    clearRect: () => undefined,
    fillRect: () => undefined,
    beginPath: () => undefined,
    roundRect: () => undefined,
    fill: () => undefined,
    fillText: (text) => {
      texts.push(text);
      onText();
    },
    measureText: (text) => ({ width: text.length * 6 }),
    setTransform: () => undefined,
  };
  return { context, texts };
}
