/**
 * Runs of one job, one at a time, where a run that has not started yet serves every request made until
 * it starts: each request still resolves after a run that began after it (so a reload reads the
 * database after the write that asked for it), but a burst of N requests costs at most two runs, the
 * one going and the one queued (pbx-side.ts reload: every write of a table the directory reads asks
 * for a reload of the whole live directory). A failed run is reported to `onError` and resolves its
 * requests; the next request starts a new run.
 */
export function coalescedRuns(run: () => Promise<void>, onError: (error: unknown) => void): () => Promise<void> {
  let last: Promise<void> = Promise.resolve();
  let queued: Promise<void> | null = null;
  return () => {
    if (queued) return queued;
    const next = last
      .then(() => {
        queued = null;
        return run();
      })
      .catch(onError);
    queued = next;
    last = next;
    return next;
  };
}
