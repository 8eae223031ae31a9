import { STATUS_TABLE, type StatusTable } from './statuses';
import type { PlanTask, Progress } from './types';

/** Counts per status of the table (in its order, between `total` and `percent`). */
export function countProgress(
  tasks: readonly Pick<PlanTask, 'status'>[],
  statuses: StatusTable = STATUS_TABLE,
): Progress {
  const counts: Record<string, number> = { total: tasks.length };
  for (const { status } of statuses.definitions) counts[status] = 0;
  let finished = 0;
  for (const task of tasks) {
    const definition = statuses.definition(task.status);
    counts[definition.status] += 1;
    if (definition.finished) finished += 1;
  }
  counts.percent = tasks.length ? Math.floor((finished / tasks.length) * 100) : 0;
  return counts as Progress;
}

/** The count of one status; 0 for a status the progress does not have. */
export function countOf(progress: Progress, status: string): number {
  return (progress as Record<string, number>)[status] ?? 0;
}

/**
 * `3/10 done (30%) · 1 doing · 1 review`: the headline status first, then every other status that
 * has tasks, except the queue (what is left is the rest of the total).
 */
export function describeProgress(progress: Progress, statuses: StatusTable = STATUS_TABLE): string {
  const count = (status: string) => countOf(progress, status);
  const headline = statuses.headline.status;
  const parts = [`${count(headline)}/${progress.total} ${headline} (${progress.percent}%)`];
  for (const { status, queue, headline: isHeadline } of statuses.definitions) {
    if (!isHeadline && !queue && count(status)) parts.push(`${count(status)} ${status}`);
  }
  return parts.join(' · ');
}
