import { STATUSES } from './statuses';
import type { PlanTask, Progress } from './types';

const FINISHED = new Set(STATUSES.filter((definition) => definition.finished).map((definition) => definition.status));

export function countProgress(tasks: readonly Pick<PlanTask, 'status'>[]): Progress {
  const progress: Progress = {
    total: tasks.length,
    todo: 0,
    doing: 0,
    done: 0,
    blocked: 0,
    review: 0,
    skipped: 0,
    percent: 0,
  };
  let finished = 0;
  for (const task of tasks) {
    progress[task.status] += 1;
    if (FINISHED.has(task.status)) finished += 1;
  }
  progress.percent = tasks.length ? Math.floor((finished / tasks.length) * 100) : 0;
  return progress;
}

/** `3/10 done (30%) · 1 doing · 1 review` : counts that are zero are left out. */
export function describeProgress(progress: Progress): string {
  const parts = [`${progress.done}/${progress.total} done (${progress.percent}%)`];
  for (const { status } of STATUSES) {
    if (status === 'done' || status === 'todo') continue;
    if (progress[status]) parts.push(`${progress[status]} ${status}`);
  }
  return parts.join(' · ');
}
