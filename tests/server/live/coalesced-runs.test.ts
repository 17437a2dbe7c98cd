import { describe, expect, it } from 'vitest';
import { coalescedRuns } from '../../../server/live/coalesced-runs';

/** A job whose runs the test finishes by hand, recording when each started. */
function manualJob() {
  const started: number[] = [];
  const finishers: (() => void)[] = [];
  let clock = 0;
  const run = () =>
    new Promise<void>((resolve) => {
      started.push(clock);
      finishers.push(resolve);
    });
  return { run, started, finish: () => finishers.shift()?.(), tick: () => (clock += 1) };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('the live directory reload: one at a time, a burst costs two (issue 13: 1,900 deletes were 1,900 reloads in a row)', () => {
  it('a burst while one runs starts one more run, after the first; every request resolves after a run that began after it', async () => {
    const job = manualJob();
    const reload = coalescedRuns(job.run, (error) => {
      throw error;
    });
    const done: string[] = [];
    const first = reload().then(() => done.push('first'));
    await settle();
    expect(job.started).toEqual([0]);
    job.tick();
    const burst = Array.from({ length: 50 }, (_, i) => reload().then(() => done.push(`burst ${i}`)));
    await settle();
    expect(job.started).toEqual([0]);
    job.finish();
    await first;
    await settle();
    // the queued run started after the burst's requests (clock 1), and only one did
    expect(job.started).toEqual([0, 1]);
    expect(done).toEqual(['first']);
    job.finish();
    await Promise.all(burst);
    expect(done).toHaveLength(51);
    // a request after that starts a run of its own
    const later = reload();
    await settle();
    expect(job.started).toHaveLength(3);
    job.finish();
    await later;
  });

  it('a failed run is reported and resolves its requests; the next request runs again', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const reload = coalescedRuns(async () => {
      calls += 1;
      if (calls === 1) throw new Error('directory unreachable');
    }, (error) => errors.push(error));
    await reload();
    expect(errors).toEqual([new Error('directory unreachable')]);
    await reload();
    expect(calls).toBe(2);
    expect(errors).toHaveLength(1);
  });
});
