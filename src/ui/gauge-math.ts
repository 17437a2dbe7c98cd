/** DOM-free helpers of the usage gauges (A-TOP-02). */

/** used / (used + free) as a whole percentage, 0 when nothing is known. */
export function usagePercent(used: number | null | undefined, free: number | null | undefined): number {
  const u = Number(used) || 0;
  const f = Number(free) || 0;
  if (u <= 0 || u + f <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((u / (u + f)) * 100)));
}

/** Tone of a usage: calm below 70 %, warning below 90 %, danger above. */
export function usageTone(percent: number): 'success' | 'warning' | 'danger' {
  return percent < 70 ? 'success' : percent < 90 ? 'warning' : 'danger';
}

/** SVG path of the upper semicircle from the left end, covering `fraction` (0..1) of it. */
export function semicirclePath(cx: number, cy: number, r: number, fraction: number): string {
  const f = Math.min(1, Math.max(0, fraction));
  const angle = Math.PI * (1 - f);
  const x = cx + r * Math.cos(angle);
  const y = cy - r * Math.sin(angle);
  return `M ${cx - r} ${cy} A ${r} ${r} 0 0 1 ${x.toFixed(2)} ${y.toFixed(2)}`;
}

/** Bytes in a short human form (1024 based). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  const exp = Math.min(units.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  const value = bytes / 1024 ** exp;
  return `${value >= 10 || exp === 0 ? Math.round(value) : value.toFixed(1)} ${units[exp]}`;
}
