import { useLayoutEffect, useState, type RefObject } from 'react';

/** The content size of an element, kept current with a ResizeObserver (charts and the auto-fit read it). */
export function useElementSize(ref: RefObject<HTMLElement | null>): { width: number; height: number } {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const node = ref.current;
    if (!node) return;
    const measure = () => setSize((prev) => (prev.width === node.clientWidth && prev.height === node.clientHeight ? prev : { width: node.clientWidth, height: node.clientHeight }));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}
