/** Every task of a plan (or of an outline's phases), phase after phase: the plan's order. */
export function allTasks<Task>(plan: { readonly phases: readonly { readonly tasks: readonly Task[] }[] }): Task[] {
  return plan.phases.flatMap((phase) => phase.tasks);
}
