/**
 * CPU and memory of processes the bench did not fork over IPC (the instances, HAProxy, Redis), read
 * from /proc: utime + stime of /proc/<pid>/stat in clock ticks, VmRSS of /proc/<pid>/status.
 * Linux only, as the machine it runs on.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** USER_HZ: 100 on every Linux this runs on (getconf CLK_TCK) */
const TICKS_PER_SECOND = 100;

/** CPU time (user + system) of a process so far, ms; NaN when it is gone */
export function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the command name may hold spaces: the fields after it start after the last ')'
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return NaN;
  }
}

/** resident memory, MB; NaN when the process is gone */
export function rssMb(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Math.round(Number(match[1]) / 102.4) / 10 : NaN;
  } catch {
    return NaN;
  }
}

/** the pids whose command name is `comm` (e.g. redis-server) */
export function pidsNamed(comm: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === comm) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

export interface ProcWindow {
  /** % of one core over the window */
  cpuPct: number;
  /** peak resident memory over the window, MB */
  rssPeakMb: number;
}

/** Samples the processes' CPU at start and stop and their RSS every 200 ms in between. */
export class ProcSampler {
  private cpu0: number[] = [];
  private wall0 = 0;
  private peaks: number[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly pids: number[]) {}

  start(): void {
    this.cpu0 = this.pids.map(cpuMs);
    this.wall0 = performance.now();
    this.peaks = this.pids.map(rssMb);
    this.timer = setInterval(() => this.sample(), 200);
  }

  stop(): ProcWindow[] {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.sample();
    const wall = performance.now() - this.wall0;
    return this.pids.map((pid, i) => ({ cpuPct: ((cpuMs(pid) - this.cpu0[i]) / wall) * 100, rssPeakMb: this.peaks[i] }));
  }

  private sample(): void {
    this.pids.forEach((pid, i) => {
      const rss = rssMb(pid);
      if (rss > this.peaks[i] || !Number.isFinite(this.peaks[i])) this.peaks[i] = rss;
    });
  }
}
