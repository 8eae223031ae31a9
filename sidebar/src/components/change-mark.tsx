/** NEW or REMOVED beside a line of the approval box that changed since the person last approved the plan. */
export function ChangeMark({ change }: { change: 'added' | 'removed' }) {
  return <span class={`change-mark mark-${change}`}>{change === 'added' ? 'NEW' : 'REMOVED'}</span>;
}
