/**
 * The icon of each extension status (src/ui/ext-status.ts), shared by panel and kiosk: lucide's
 * drawings (lucide-react 1.75, ISC license) kept here as plain SVG nodes, with one small component
 * and one markup function over them. Why not lucide-react's components: the kiosk route pays for its
 * icon machinery and for every icon's React keys (a TV's JavaScript budget is 120 kB, and these ten
 * icons are all it draws); and the kiosk turns the icons into background images, which the markup
 * gives without rendering and serializing them.
 */
import { createElement, type SVGProps } from 'react';
import type { StatusIcon } from './ext-status';

type IconNode = readonly (readonly [string, Readonly<Record<string, string>>])[];

/** lucide's phone-off, phone-incoming, phone-call, phone, phone-missed, pause, clipboard-pen, circle-pause, circle-minus, alarm-clock */
export const STATUS_ICON_NODES: Readonly<Record<StatusIcon, IconNode>> = {
  phoneOff: [["path",{d:"M10.1 13.9a14 14 0 0 0 3.732 2.668 1 1 0 0 0 1.213-.303l.355-.465A2 2 0 0 1 17 15h3a2 2 0 0 1 2 2v3a2 2 0 0 1-2 2 18 18 0 0 1-12.728-5.272"}],["path",{d:"M22 2 2 22"}],["path",{d:"M4.76 13.582A18 18 0 0 1 2 4a2 2 0 0 1 2-2h3a2 2 0 0 1 2 2v3a2 2 0 0 1-.8 1.6l-.468.351a1 1 0 0 0-.292 1.233 14 14 0 0 0 .244.473"}]],
  phoneIncoming: [["path",{d:"M16 2v6h6"}],["path",{d:"m22 2-6 6"}],["path",{d:"M13.832 16.568a1 1 0 0 0 1.213-.303l.355-.465A2 2 0 0 1 17 15h3a2 2 0 0 1 2 2v3a2 2 0 0 1-2 2A18 18 0 0 1 2 4a2 2 0 0 1 2-2h3a2 2 0 0 1 2 2v3a2 2 0 0 1-.8 1.6l-.468.351a1 1 0 0 0-.292 1.233 14 14 0 0 0 6.392 6.384"}]],
  phoneCall: [["path",{d:"M13 2a9 9 0 0 1 9 9"}],["path",{d:"M13 6a5 5 0 0 1 5 5"}],["path",{d:"M13.832 16.568a1 1 0 0 0 1.213-.303l.355-.465A2 2 0 0 1 17 15h3a2 2 0 0 1 2 2v3a2 2 0 0 1-2 2A18 18 0 0 1 2 4a2 2 0 0 1 2-2h3a2 2 0 0 1 2 2v3a2 2 0 0 1-.8 1.6l-.468.351a1 1 0 0 0-.292 1.233 14 14 0 0 0 6.392 6.384"}]],
  phone: [["path",{d:"M13.832 16.568a1 1 0 0 0 1.213-.303l.355-.465A2 2 0 0 1 17 15h3a2 2 0 0 1 2 2v3a2 2 0 0 1-2 2A18 18 0 0 1 2 4a2 2 0 0 1 2-2h3a2 2 0 0 1 2 2v3a2 2 0 0 1-.8 1.6l-.468.351a1 1 0 0 0-.292 1.233 14 14 0 0 0 6.392 6.384"}]],
  phoneMissed: [["path",{d:"m16 2 6 6"}],["path",{d:"m22 2-6 6"}],["path",{d:"M13.832 16.568a1 1 0 0 0 1.213-.303l.355-.465A2 2 0 0 1 17 15h3a2 2 0 0 1 2 2v3a2 2 0 0 1-2 2A18 18 0 0 1 2 4a2 2 0 0 1 2-2h3a2 2 0 0 1 2 2v3a2 2 0 0 1-.8 1.6l-.468.351a1 1 0 0 0-.292 1.233 14 14 0 0 0 6.392 6.384"}]],
  pause: [["rect",{x:"14",y:"3",width:"5",height:"18",rx:"1"}],["rect",{x:"5",y:"3",width:"5",height:"18",rx:"1"}]],
  wrapUp: [["path",{d:"M16 4h2a2 2 0 0 1 2 2v2"}],["path",{d:"M21.34 15.664a1 1 0 1 0-3.004-3.004l-5.01 5.012a2 2 0 0 0-.506.854l-.837 2.87a.5.5 0 0 0 .62.62l2.87-.837a2 2 0 0 0 .854-.506z"}],["path",{d:"M8 22H6a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h2"}],["rect",{x:"8",y:"2",width:"8",height:"4",rx:"1"}]],
  paused: [["circle",{cx:"12",cy:"12",r:"10"}],["line",{x1:"10",x2:"10",y1:"15",y2:"9"}],["line",{x1:"14",x2:"14",y1:"15",y2:"9"}]],
  dnd: [["circle",{cx:"12",cy:"12",r:"10"}],["path",{d:"M8 12h8"}]],
  pausedOver: [["circle",{cx:"12",cy:"13",r:"8"}],["path",{d:"M12 9v4l2 2"}],["path",{d:"M5 3 2 6"}],["path",{d:"m22 6-3-3"}],["path",{d:"M6.38 18.7 4 21"}],["path",{d:"M17.64 18.67 20 21"}]],
};

const SVG_ATTRIBUTES = { xmlns: 'http://www.w3.org/2000/svg', width: 24, height: 24, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

/** A status icon as an inline SVG (sized by its class, stroked in the text colour). */
export function StatusIconSvg({ icon, ...props }: { icon: StatusIcon } & SVGProps<SVGSVGElement>) {
  return createElement('svg', { ...SVG_ATTRIBUTES, ...props }, ...STATUS_ICON_NODES[icon].map(([tag, attrs], i) => createElement(tag, { key: i, ...attrs })));
}

/** The same icon as SVG markup in one colour (the kiosk's background images). */
export function statusIconMarkup(icon: StatusIcon, stroke: string): string {
  const body = STATUS_ICON_NODES[icon].map(([tag, attrs]) => `<${tag} ${Object.entries(attrs).map(([k, v]) => `${k}="${v}"`).join(' ')}/>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="${stroke}" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${body}</svg>`;
}

/** Each status icon as a component of the shape lucide's have (className, aria-hidden). */
export const STATUS_ICONS: Readonly<Record<StatusIcon, (props: SVGProps<SVGSVGElement>) => ReturnType<typeof StatusIconSvg>>> = Object.fromEntries(
  (Object.keys(STATUS_ICON_NODES) as StatusIcon[]).map((icon) => [icon, (props: SVGProps<SVGSVGElement>) => StatusIconSvg({ icon, ...props })]),
) as Record<StatusIcon, (props: SVGProps<SVGSVGElement>) => ReturnType<typeof StatusIconSvg>>;
