/**
 * What a phase's heading says in the sidebar: its name and how many of its tasks are finished. The panel and the
 * page's first paint (./first-paint.ts) both draw it; each counts the finished tasks its own way (the first paint has
 * no status table).
 */
export interface PhaseHeading {
  title: string;
  /** `finished/total`, as the heading shows it. */
  count: string;
  /** Every task finished (and there is one): the phase starts closed. */
  complete: boolean;
}

export function phaseHeading(
  phase: { number: number; name: string; derived?: boolean },
  finished: number,
  total: number,
): PhaseHeading {
  // A section without a phase number (`## This week`) is shown by its own name.
  const title =
    phase.derived && phase.name
      ? phase.name
      : phase.name
        ? `Phase ${phase.number}: ${phase.name}`
        : `Phase ${phase.number}`;
  return { title, count: `${finished}/${total}`, complete: total > 0 && finished === total };
}
