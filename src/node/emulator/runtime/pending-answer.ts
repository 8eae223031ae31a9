/**
 * The answer of a service call that has to wait: a lock held by another execution, Utilities.sleep.
 * Only an execution whose script runs on its own thread (the execution pool) gets one: the script's
 * thread stays blocked in the call until the promise settles, while the spreadsheet's thread goes on
 * serving other executions. An execution run in-process cannot wait (nothing else could run
 * meanwhile), so its services answer at once instead.
 */
export class PendingAnswer {
  constructor(readonly settled: Promise<unknown>) {}
}
