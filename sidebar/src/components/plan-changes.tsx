/**
 * What changed between two versions of the plan (src/core/format/plan-diff.ts), as a list a person reads: one line per
 * task, phase or range, the changed words of a rename marked (struck through when removed, underlined when added). The
 * approval box shows it against the plan the person last approved; the history against the version before an entry.
 */
import { Fragment } from 'preact';
import { STATUS_TABLE } from '../../../src/core/format/statuses';
import type { ApprovedChange } from '../../../src/core/features/feature';
import type {
  PlanDiff,
  PhaseChange,
  RangeChange,
  TaskChange,
  TextChange,
  WordPart,
} from '../../../src/core/format/plan-diff';

function Words({ parts }: { parts: WordPart[] }) {
  return (
    <span class="changed-words">
      {parts.map((part, index) => {
        const space = index > 0 ? ' ' : '';
        if (part.change === 'same') return `${space}${part.text}`;
        const Tag = part.change === 'added' ? 'ins' : 'del';
        return (
          <Fragment key={index}>
            {space}
            <Tag class={`word-${part.change}`}>{part.text}</Tag>
          </Fragment>
        );
      })}
    </span>
  );
}

const statusLabel = (status: string) => STATUS_TABLE.definition(status).label.toLowerCase();

export function taskLine(change: TaskChange) {
  if (change.change === 'added')
    return (
      <>
        Added {change.step} “{change.title}” to {phaseName(change.phase)}
      </>
    );
  if (change.change === 'removed')
    return (
      <>
        Removed {change.step} “{change.title}”
      </>
    );
  const parts = [];
  if (change.renamed) {
    parts.push(
      <span key="renamed">
        Renamed {change.step}: <Words parts={change.renamed.words} />
      </span>,
    );
  }
  if (change.moved) {
    const where = change.moved.toOtherPhase
      ? `from ${phaseName(change.moved.fromPhase)} to ${phaseName(change.phase)}`
      : `within ${phaseName(change.phase)}`;
    parts.push(
      <span key="moved">
        {change.renamed ? ' · moved' : `Moved ${change.step} “${change.title}”`} {where}
        {change.moved.fromStep !== change.step ? ` (was ${change.moved.fromStep})` : ''}
      </span>,
    );
  }
  if (change.statusChange) {
    const lead = change.renamed || change.moved ? ' · ' : `${change.step} “${change.title}”: `;
    parts.push(
      <span key="status">
        {lead}
        {statusLabel(change.statusChange.from)} → {statusLabel(change.statusChange.to)}
      </span>,
    );
  }
  return <>{parts}</>;
}

function phaseName(name: string): string {
  return name ? `“${name}”` : 'the tasks';
}

export function phaseLine(change: PhaseChange) {
  if (change.change === 'added')
    return (
      <>
        Added phase {change.number} “{change.name}”
      </>
    );
  if (change.change === 'removed')
    return (
      <>
        Removed phase {change.number} “{change.name}”
      </>
    );
  return (
    <>
      Renamed phase {change.number}: <Words parts={change.renamed!.words} />
    </>
  );
}

function rangeLine(change: RangeChange) {
  const access = change.access === 'write' ? 'Write' : 'Read';
  const lead = change.change === 'added' ? 'May now' : 'No longer';
  return (
    <>
      {lead} {change.access} <code>{change.range}</code> ({`${access} range ${change.change}`})
    </>
  );
}

/** `1.2 Check: Data!B2:B9 numbers (new)`, `1.3 After: 1.1 → After: 1.2`: a Check, After or Formulas change. */
function ruleLine(change: ApprovedChange) {
  const where = change.step ? `${change.step} ` : '';
  if (change.change === 'changed') return `${where}${change.before} → ${change.after}`;
  const marker = change.change === 'added' ? 'NEW' : 'REMOVED';
  return (
    <>
      <strong class={`change-marker change-marker-${change.change}`}>{marker}</strong> {where}
      {change.after ?? change.before}
    </>
  );
}

export function textLine(label: string, change: TextChange) {
  return (
    <>
      {label}: <Words parts={change.words} />
    </>
  );
}

/** The changes as a list; `emptyText` when nothing a person approves changed. */
export function PlanChanges({ diff, emptyText }: { diff: PlanDiff; emptyText: string }) {
  if (diff.unchanged) return <p class="plan-changes-empty">{emptyText}</p>;
  return (
    <ul class="plan-changes">
      {diff.title && <li class="change change-title">{textLine('Title', diff.title)}</li>}
      {diff.goal && <li class="change change-goal">{textLine('Goal', diff.goal)}</li>}
      {diff.phases.map((change) => (
        <li key={`phase-${change.change}-${change.number}-${change.name}`} class={`change phase-${change.change}`}>
          {phaseLine(change)}
        </li>
      ))}
      {diff.tasks.map((change) => (
        <li key={`task-${change.change}-${change.step}`} class={`change task-${change.change}`} data-step={change.step}>
          {taskLine(change)}
        </li>
      ))}
      {diff.ranges.map((change) => (
        <li key={`range-${change.change}-${change.access}-${change.range}`} class={`change range-${change.change}`}>
          {rangeLine(change)}
        </li>
      ))}
      {diff.rules.map((change, index) => (
        <li key={`rule-${index}`} class={`change rule-${change.change}`} data-feature={change.feature}>
          {ruleLine(change)}
        </li>
      ))}
    </ul>
  );
}
