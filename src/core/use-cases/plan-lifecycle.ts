/** The plan's lifecycle: a person's approval or request for changes, the settings, and finishing a plan. */
import { optionalLine, requireLine } from '../api/arguments';
import type { PlanTemplates } from '../format/compose';
import { conflict, invalidTransition } from '../errors';
import { decidePlan, setStatusLine, withStatus, type PlanDecision } from '../rules/lifecycle';
import type { PlanOutline } from '../format/parse';
import { requireSettingsChange, type PlanSettings } from '../person/settings';
import { statusDefinition } from '../format/statuses';
import { appendNoteLine } from '../format/update';
import type { PlanRevisions } from '../write-path/plan-revisions';
import { withRevision, type FinishResult, type RevisedPlan } from '../write-path/results';
import * as rareWords from '../rare-words';
import { filled } from '../text';

function decide(path: PlanRevisions, decision: PlanDecision, comment: string | undefined, seen?: string): RevisedPlan {
  return path.mutate((current, snapshot) => {
    const now = snapshot.read.stamp(snapshot.revision.revision);
    if (seen !== undefined && seen !== now) {
      const { revision, changedBy } = snapshot.revision;
      throw conflict(filled(rareWords.planChangedUnapproved(), { now: String(revision), by: changedBy }));
    }
    const outline = path.requireOutline(current);
    const text = decidePlan(outline, decision, comment, path.today()).toString();
    return { text, result: (revision) => path.revised(text, revision) };
  });
}

/**
 * A person approves the whole plan: `Status: approved` (with their comment), and a dated line in Notes. With
 * `seen`, the stamp of the plan they looked at, an approval of a plan that changed since is refused (CONFLICT).
 */
export function approvePlan(path: PlanRevisions, comment?: string | null, seen?: string): RevisedPlan {
  path.requirePerson('approve a plan');
  return decide(path, 'approve', optionalLine(comment, 'comment'), seen);
}

/** A person sends the plan back: `Status: draft — changes requested: comment`, which the agent reads. */
export function requestPlanChanges(path: PlanRevisions, comment: string): RevisedPlan {
  path.requirePerson('send a plan back');
  return decide(path, 'requestChanges', requireLine(comment, 'comment'));
}

/** A person changes the sheet's settings; the ones `change` leaves out keep their value. */
export function saveSettings(path: PlanRevisions, change: Partial<PlanSettings>): PlanSettings {
  path.requirePerson('change the settings');
  const wanted = requireSettingsChange(change);
  // Asking to approve plans first makes a plan in the cell without a Status line a draft, in the same change: the
  // sidebar offers it for approval, and the agent waits for it. The others are as read under the lock (the snapshot
  // reads them again if another save landed since): a save never undoes another's.
  const saved = path.changeOnce((snapshot) => {
    const settings = { ...path.settings(), ...wanted };
    path.store.settings.writeSettings(settings);
    if (settings.approvalRequired && snapshot.text.trim() && !snapshot.read.outline.status)
      path.writePlan(snapshot, withStatus(snapshot.text, 'draft'), () => null);
    return settings;
  });
  path.settingsSaved(saved);
  return { ...saved };
}

/** finishPlan's refusals: a plan done already, waiting for approval, without tasks, or with tasks still open. */
function requireFinishable(path: PlanRevisions, outline: PlanOutline): void {
  if (outline.status === 'done') {
    throw invalidTransition(rareWords.doneAlready());
  }
  path.requireApproved(outline);
  if (outline.tasks.length === 0) throw invalidTransition(rareWords.noTasksToFinish());
  const open = outline.tasks.filter((task) => !statusDefinition(task.status).finished);
  if (open.length) {
    const listed = open.slice(0, 10).map((task) => `${task.step} (${task.status})`);
    throw invalidTransition(
      filled(rareWords.tasksOpen(), {
        count: String(open.length),
        are: open.length === 1 ? 'is' : 'are',
        listed: `${listed.join(', ')}${open.length > 10 ? ', …' : ''}`,
      }),
    );
  }
}

/**
 * Once every task is finished: marks the plan done (a dated summary line in Notes), moves it to the archive,
 * and leaves the cell empty or holding a fresh starter plan, as the person chose.
 */
export function finishPlan(path: PlanRevisions, summary: string, plans: PlanTemplates): FinishResult {
  const said = requireLine(summary, 'summary');
  return path.changeOnce((snapshot) => {
    const outline = path.requireOutline(snapshot.text);
    requireFinishable(path, outline);
    const today = path.today();
    const marked = setStatusLine(outline, 'done').toString();
    const done = appendNoteLine(path.texts.outline(marked), `${today}: finished: ${said}`).toString();
    const entry = {
      finishedAt: path.store.clock.now(),
      title: outline.title,
      summary: said,
      tasks: outline.tasks.length,
    };
    // Asked before the plan is archived: if it cannot be had, nothing is written.
    const starter = path.settings().afterFinish === 'starter' ? plans.starter() : null;
    const id = path.store.versions.archivePlan({ ...entry, text: done });
    const next = starter === null ? '' : path.asNewPlan(starter);
    return path.writePlan(
      snapshot,
      next,
      (revision) => withRevision({ id, ...entry, plan: next ? path.revised(next, revision) : null }, revision),
      { newPlan: 'after finishing' },
    );
  });
}
