/** Setting the plan's place up (initPlan), and recording a person's edit of the cell (the onEdit trigger). */
import { attentionIn, nextAttention } from '../person/attention';
import type { PlanTemplates } from '../format/compose';
import { messageOf, PlanError } from '../errors';
import { nextRequests } from '../write-path/request-ids';
import { nextPlanIds, revisionRecord, writePlanRecord, type RevisionInfo } from '../write-path/revision';
import { stepsRenumbered, withStepsThatWrote } from '../write-path/steps-that-wrote';
import type { SavedVersion } from '../write-path/store';
import type { PlanRevisions } from '../write-path/plan-revisions';
import type { InitOutcome, RevisedPlan } from '../write-path/results';
import { movedClaims } from '../rules/moved-claims';
import * as rareWords from '../rare-words';

/**
 * Records a person's edit of the plan cell (the onEdit trigger) as a revision of its own, so that a writer based on
 * the text before the edit is refused, and keeps the text it replaced in the history: the last recorded plan, or,
 * where none was kept yet, the `oldValue` Sheets gives for an edit of one cell. Writes only the revision record (and
 * the history); returns null when the cell holds what Sheet Plan last recorded (nothing to record).
 */
export function recordCellEdit(
  path: PlanRevisions,
  edit: { oldValue?: string; value?: string } = {},
): RevisionInfo | null {
  return path.store.exclusive(() => {
    const snapshot = path.snapshot(true, true);
    const { cells, text, meta, revision } = snapshot;
    if (!cells) return null;
    const typed = typingReplaced(path, edit.value, text, revision.revision);
    const last = snapshot.lastRecorded;
    if (last === undefined) {
      if (cells.meta === meta && !typed.length) return null; // the cell holds what Sheet Plan recorded
      // Only the record was lost (a paste over it), or the person's typing was replaced: put the record back, from
      // the last recorded plan, keeping what the person typed. The history's copy may list fewer steps that wrote than
      // the lost record did (writeRange lists a step in the cell only): the list is carried only from the cell.
      const kept =
        snapshot.record && withStepsThatWrote(snapshot.record, snapshot.stepsThatWrote.forNextRecord(undefined));
      const restored = kept ? writePlanRecord(kept) : meta;
      path.store.write({ text, meta: restored, setUp: false, recordOnly: true, keep: typed, previous: { text, meta } });
      return revision;
    }
    const replaced = last ? last.text : (edit.oldValue ?? '');
    const keep: SavedVersion[] = [];
    if (replaced.trim() && replaced !== text) {
      const reason = { by: EDIT_OF_THE_CELL, reason: 'replaced by a person in the spreadsheet' };
      // The text replaced is the person's own when they typed it (in the cell, or whole in the sidebar) or changed it
      // in the sidebar: the history then trims it after agents' versions, as it does when an agent replaces it.
      keep.push(
        last ? path.recordedVersion(last, reason) : path.version(Math.max(0, revision.revision - 1), replaced, reason),
      );
    }
    // What the cell held before this edit, when Sheet Plan never recorded it (the onEdit of the person's typing before
    // failed): theirs, and nothing else keeps it.
    const { oldValue } = edit;
    if (last && oldValue?.trim() && oldValue !== replaced && oldValue !== text) {
      const reason = { by: EDIT_OF_THE_CELL, reason: TYPED_UNRECORDED };
      keep.push({ ...path.version(revision.revision, oldValue, reason), writtenByPerson: true });
    }
    const now = path.store.clock.now();
    // The plan the cell held goes on: its ids (and the approval that holds it) are kept, as by every change of it.
    const ids = nextPlanIds(meta, { now, text }, () => null);
    const record = revisionRecord(revision.revision, text, 'cell edit', now, snapshot.read.digest, ids.plan);
    // The log, the list of steps that wrote and the held tasks another moved follow the tasks the edit renumbered.
    const before = path.texts.outline(replaced);
    const renumbered = stepsRenumbered(before, snapshot.read.outline);
    const taskCells = path.store.taskCells;
    if (taskCells) snapshot.stepsThatWrote.renumber(renumbered, taskCells);
    // A person's edit forgets no request id, and its decisions (an answer typed in the cell) are the person's.
    const attention = nextAttention(attentionIn(snapshot.record), {
      before: path.texts.of(replaced).plan,
      after: snapshot.read.plan,
      at: now,
      revision: revision.revision,
    });
    const recorded = writePlanRecord(
      withStepsThatWrote(
        {
          ...record.record,
          heldBy: ids.heldBy,
          attention,
          requests: nextRequests(snapshot.record),
          moved: movedClaims({ outline: before }, snapshot.read, renumbered, '', snapshot.record?.moved),
        },
        snapshot.stepsThatWrote.forNextRecord(undefined),
      ),
    );
    path.store.write({
      text,
      meta: recorded,
      setUp: false,
      recordOnly: true,
      keep: [...keep, ...typed],
      previous: last,
    });
    return record.info;
  });
}

const EDIT_OF_THE_CELL = 'an edit of the cell';
/** Why a version a person typed is kept: Sheet Plan did not record it before it was replaced. */
const TYPED_UNRECORDED = 'typed by a person into the cell, and replaced before Sheet Plan could record it';

/**
 * What a person typed (onEdit's `value`), as a version to keep, when the cell no longer holds it: another write
 * replaced it between the edit and its trigger, and nothing else keeps it.
 */
function typingReplaced(
  path: PlanRevisions,
  value: string | undefined,
  text: string,
  revision: number,
): SavedVersion[] {
  if (value === undefined || !value.trim() || value === text) return [];
  // The agent's change that replaced it kept it already, as the person's: kept again, under the number of the text now
  // in the cell, it would share that number with this text once it is kept in turn, and restoring by the number would
  // give one of the two. A read of all the history keeps (fewer than 100), on this race's path alone.
  const kept = path.store.versions.listVersions(100);
  if (kept.some((version) => version.writtenByPerson && version.text === value)) return [];
  const typed = path.version(revision, value, {
    by: 'a write that landed before the edit was recorded',
    reason: TYPED_UNRECORDED,
  });
  return [{ ...typed, writtenByPerson: true }];
}

/** A text someone meant as a plan: it has a title or at least one task. */
function looksLikePlan(path: PlanRevisions, text: string): boolean {
  const outline = path.texts.outline(text);
  return Boolean(outline.title) || outline.tasks.length > 0;
}

/**
 * initPlan as a typed result, for callers (the menu, the sidebar) that must tell a failure from a plan: returns the
 * plan if the sheet is set up; keeps a plan that is already in the plan cell without the marker; otherwise saves
 * whatever text the cell held to the history before writing the starter plan. When a service fails, whichever it is,
 * it returns (having written nothing) the spec's recovery plan that names the error.
 */
export function initializePlan(path: PlanRevisions, plans: PlanTemplates): InitOutcome {
  try {
    const plan = path.changeOnce((snapshot) => {
      const { cells, text, revision } = snapshot;
      if (cells?.ready && text.trim()) return path.revised(text, revision);
      const keep = text.trim() && looksLikePlan(path, text);
      const newText = keep ? text : path.asNewPlan(plans.starter());
      const replacing = keep ? undefined : { by: 'initPlan', reason: rareWords.notAPlan() };
      return path.writePlan(snapshot, newText, (info) => path.revised(newText, info), { setUp: true, replacing });
    });
    return { initialized: true, plan };
  } catch (error) {
    // A refusal (busy, a request id used for another change) is worth acting on as it is; a service failure gets
    // the spec's recovery plan.
    if (error instanceof PlanError) throw error;
    const reason = messageOf(error);
    let text: string;
    try {
      text = plans.recovery(reason);
    } catch {
      throw error; // its text could not be read either (the bundle reads it from a file): the error is the answer
    }
    // Written nowhere: nothing in it waits for the person's approval (an agent told it did would wait for nothing), and
    // the settings, which would say otherwise, are not read for it.
    const recovery = path.revised(text, { revision: 0, changedBy: 'unknown' }, false);
    return { initialized: false, reason, recoveryPlan: recovery };
  }
}

/** The spec's initPlan: the plan the cell holds or the starter plan, or the recovery plan that names what failed. */
export function initPlan(path: PlanRevisions, plans: PlanTemplates): RevisedPlan {
  const outcome = initializePlan(path, plans);
  return outcome.initialized ? outcome.plan : outcome.recoveryPlan;
}
