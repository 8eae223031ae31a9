/**
 * What the agent did to the sheet, shown where a person looks for it: under each task, the writes made
 * for it, each with a link that selects its range and an Undo; below the plan, the reads outside the
 * plan's ranges, the writes the sheet rules refused (marked "Refused", with why and who tried; nothing was written),
 * and any write whose task is no longer in the plan; apart from them, under "Earlier plans", the
 * writes made under a plan finished or replaced since (never under this plan's task of the same number). Undo puts
 * the previous values back only if the cells still hold what the agent wrote; otherwise the server says what changed.
 */
import type { WriteLogEntry } from '../../../src/core/sheet/sheet-results';
import { SHEET_LIMITS } from '../../../src/core/sheet/sheet-rules';
import type { SidebarController } from '../controller';
import { describeSource } from '../sidebar-state';
import { useState } from 'preact/hooks';
import { Confirm } from './confirm';
import { PersonTime } from './person-time';
import { RangeLink } from './range-links';
import './write-log.css';

function cells(count: number): string {
  return count === 1 ? '1 cell' : `${count.toLocaleString()} cells`;
}

interface EntryProps {
  entry: WriteLogEntry;
  controller: SidebarController;
  disabled: boolean;
  /** Name the entry's task (where it is not listed under it). */
  showStep?: boolean;
}

const KIND_WORDS: Record<WriteLogEntry['kind'], string> = { write: 'Wrote ', read: 'Read ', refused: 'Refused ' };

function WriteEntry({ entry, controller, disabled, showStep = false }: EntryProps) {
  return (
    <li class={`write-entry${entry.undone ? ' undone' : ''} kind-${entry.kind}`} data-write={entry.id}>
      <span class="write-what">
        <span class="write-kind">{KIND_WORDS[entry.kind]}</span>
        <RangeLink reference={entry.range} />
      </span>
      {entry.kind === 'refused' && (
        <span class="write-meta refused-why">
          {entry.refused?.reason || 'refused'} · nothing written · by <bdi>{describeSource(entry.by)}</bdi>
        </span>
      )}
      <span class="write-meta">
        {cells(entry.cells)} · <PersonTime iso={entry.at} />
        {showStep && entry.step && ` · task ${entry.step}`}
      </span>
      {entry.undone && (
        <span class="write-meta">
          Undone <PersonTime iso={entry.undone.at} />
        </span>
      )}
      {entry.kept && <span class="write-meta">Kept</span>}
      {entry.kind === 'write' && !entry.undone && !entry.kept && (
        <button
          type="button"
          class="button text undo-button"
          disabled={disabled}
          aria-label={`Undo the write to ${entry.range}`}
          onClick={() => void controller.undoWrite(entry.id)}
        >
          Undo
        </button>
      )}
    </li>
  );
}

/** The writes made for one task, newest first; nothing when there are none. */
export function TaskWrites({
  step,
  writes,
  controller,
  disabled,
}: Omit<EntryProps, 'entry'> & {
  step: string;
  writes: WriteLogEntry[];
}) {
  const mine = writes.filter((entry) => entry.kind === 'write' && !entry.earlierPlan && entry.step === step);
  if (mine.length === 0) return null;
  return (
    <ul class="write-list" aria-label={`Writes for task ${step}`}>
      {mine.map((entry) => (
        <WriteEntry key={entry.id} entry={entry} controller={controller} disabled={disabled} />
      ))}
    </ul>
  );
}

/**
 * The writes a person can still undo, of any plan: what the write log's bound (SHEET_LIMITS.undoableWrites) counts and
 * Keep all keeps.
 */
export function undoableWrites(writes: readonly WriteLogEntry[]): number {
  return writes.filter((entry) => entry.kind === 'write' && !entry.undone && !entry.kept).length;
}

/** From this many writes that can be undone, the sidebar offers to keep them all, before the log is full. */
const KEEP_OFFERED_FROM = Math.floor(SHEET_LIMITS.undoableWrites * 0.8);

/**
 * Keep all writes, offered when the log nears the writes it keeps that can be undone: at the bound, the agent's next
 * write waits for the person (NEEDS_PERSON), and keeping them (or undoing some) makes room.
 */
export function KeepWrites({ writes, controller, disabled }: Omit<EntryProps, 'entry'> & { writes: WriteLogEntry[] }) {
  const [asking, setAsking] = useState(false);
  const count = undoableWrites(writes);
  if (count < KEEP_OFFERED_FROM) return null;
  const full = count >= SHEET_LIMITS.undoableWrites;
  return (
    <section class="other-activity keep-writes" id="keep-writes" aria-labelledby="keep-writes-heading">
      <h2 id="keep-writes-heading" class="section-heading">
        Writes you can undo <span class="section-count">{count}</span>
      </h2>
      <p class="write-meta">
        The log keeps {SHEET_LIMITS.undoableWrites} writes you can undo
        {full
          ? ", and it is full: the agent's next write waits until you keep them or undo some."
          : "; then the agent's writes wait for you."}
      </p>
      {asking ? (
        <Confirm
          label="Confirm keeping the writes"
          question={`Keep all ${count} writes? You can no longer undo them; they stay listed.`}
          yes={`Keep ${count} writes`}
          disabled={disabled}
          onYes={() => {
            setAsking(false);
            void controller.keepWrites(count);
          }}
          onCancel={() => setAsking(false)}
        />
      ) : (
        <button type="button" class="button" disabled={disabled} onClick={() => setAsking(true)}>
          Keep all {count} writes
        </button>
      )}
    </section>
  );
}

/** Reads outside the plan's ranges, and writes whose task is gone from the plan; then earlier plans' writes. */
export function OtherSheetActivity({
  steps,
  writes,
  controller,
  disabled,
}: Omit<EntryProps, 'entry'> & { steps: ReadonlySet<string>; writes: WriteLogEntry[] }) {
  const others = writes.filter(
    (entry) => !entry.earlierPlan && (entry.kind === 'read' || entry.kind === 'refused' || !steps.has(entry.step)),
  );
  const earlier = (
    <>
      <KeepWrites writes={writes} controller={controller} disabled={disabled} />
      <EarlierPlanWrites writes={writes} controller={controller} disabled={disabled} />
    </>
  );
  if (others.length === 0) return earlier;
  return (
    <>
      <section class="other-activity" aria-labelledby="other-activity-heading">
        <h2 id="other-activity-heading" class="section-heading">
          Outside the plan's tasks and ranges <span class="section-count">{others.length}</span>
        </h2>
        <ul class="write-list">
          {others.map((entry) => (
            <WriteEntry key={entry.id} entry={entry} controller={controller} disabled={disabled} showStep />
          ))}
        </ul>
      </section>
      {earlier}
    </>
  );
}

/** Writes made under an earlier plan (finished or replaced since): apart, each with its task and Undo. */
export function EarlierPlanWrites({
  writes,
  controller,
  disabled,
}: Omit<EntryProps, 'entry'> & { writes: WriteLogEntry[] }) {
  // An earlier plan's refusals are no longer the person's concern: its writes are (they can still be undone).
  const earlier = writes.filter((entry) => entry.earlierPlan && entry.kind === 'write');
  if (earlier.length === 0) return null;
  return (
    <section class="other-activity earlier-plans" aria-labelledby="earlier-plans-heading">
      <h2 id="earlier-plans-heading" class="section-heading">
        Earlier plans <span class="section-count">{earlier.length}</span>
      </h2>
      <ul class="write-list">
        {earlier.map((entry) => (
          <WriteEntry key={entry.id} entry={entry} controller={controller} disabled={disabled} showStep />
        ))}
      </ul>
    </section>
  );
}
