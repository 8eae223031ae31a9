/** The checklist the server hands the page with its session (protocol.ts Checklist), for the first paint. */
import { STATUS_TABLE } from '../../src/core/format/statuses';
import type { Plan } from '../../src/core/format/types';
import type { Checklist } from './protocol';

export const checklistOf = (plan: Plan): Checklist => ({
  title: plan.title,
  finished: STATUS_TABLE.names((status) => status.finished),
  phases: plan.phases.map((phase) => [
    phase.number,
    phase.name,
    !!phase.derived,
    phase.tasks.map((task) => [task.status, task.step, task.title]),
  ]),
});
