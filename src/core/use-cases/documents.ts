/** The calls that write a whole document: createPlan, replacePlan, adoptFormat, restoreRevision, answerQuestion. */
import { adoptFormat as adoptedFormat } from '../format/adopt';
import { requireDetails, requireLine, requirePhases } from '../api/arguments';
import { composePlan } from '../format/compose';
import { conflict, invalidArgument, notFound } from '../errors';
import * as rareWords from '../rare-words';
import { filled } from '../text';
import { requireSeenQuestion, type SeenQuestion } from '../person/seen';
import type { PhaseInput, PlanDetails } from '../format/types';
import { setAnswerLine } from '../format/update';
import { describeProblem, validatePlan } from '../rules/validate';
import type { Change, PlanRevisions, Replacing } from '../write-path/plan-revisions';
import type { RevisedPlan } from '../write-path/results';

/** A person answers question `number` (1-based); the answer is a nested `  - Answer: …` line, replaced if present. */
export function answerQuestion(
  path: PlanRevisions,
  question: number,
  answer: string,
  seen?: SeenQuestion | null,
): RevisedPlan {
  const text = requireLine(answer, 'answer');
  return path.mutate((current) => {
    const outline = path.requireOutline(current);
    requireSeenQuestion(outline, question, seen); // the question the person answered is still this number
    const newText = setAnswerLine(outline, question, text).toString();
    return { text: newText, result: (revision) => path.revised(newText, revision) };
  });
}

/**
 * Writes a new plan (the spec's createPlan), keeping the one it replaces in the history.
 * Works on a spreadsheet that was never initialised: sets the plan's place up (its sheet and marker).
 */
export function createPlan(
  path: PlanRevisions,
  title: string,
  goal: string,
  phases: PhaseInput[],
  details?: PlanDetails | null,
): RevisedPlan {
  const composed = composePlan(
    requireLine(title, 'title', { maxLength: 200 }),
    requireLine(goal, 'goal', { maxLength: 1000 }),
    requirePhases(phases),
    requireDetails(details),
  );
  // Its notes are free Markdown: they may not make the plan invalid (a step listed twice). Only agents create plans.
  requireValidPlan(composed);
  return path.mutate(() => {
    const text = path.asNewPlan(composed);
    const replacing = { by: 'createPlan', reason: 'replaced by a new plan' };
    return { text, result: (revision) => path.revised(text, revision), replacing, newPlan: 'in place' };
  });
}

/** An agent's new document must pass validation. */
function requireValidPlan(markdown: string): void {
  const report = validatePlan(markdown);
  if (report.valid) return;
  throw invalidArgument(`The new plan has errors: ${report.errors.map(describeProblem).join('; ')}`);
}

/** A change that writes `text` as a whole document in place of the current one, which the history keeps. */
function wholeDocument(path: PlanRevisions, text: string, replacing: Replacing): Change<RevisedPlan> {
  return { text, result: (revision, written) => path.revised(written, revision), replacing, wholeDocument: true };
}

/**
 * Replaces the whole document, only if it is still what the caller last read, so that nobody
 * overwrites a change they have not seen. `base` is the plan's `stamp` (exact: revision and text)
 * or its `revision` number. A person may save any text; an agent's text must pass validation.
 */
export function replacePlan(path: PlanRevisions, markdown: string, base: string | number): RevisedPlan {
  if (!markdown.trim()) throw invalidArgument(rareWords.noMarkdown());
  const isStamp = typeof base === 'string';
  if (!path.byPerson) requireValidPlan(markdown);
  return path.mutate((current, snapshot) => {
    const now = snapshot.revision;
    const stale = isStamp ? snapshot.read.stamp(now.revision) !== base : now.revision !== base;
    if (stale) {
      const since = isStamp ? `the revision ${String(base).split(':')[0]} you read` : `revision ${String(base)}`;
      throw conflict(filled(rareWords.planChanged(), { since, now: String(now.revision), by: now.changedBy }));
    }
    if (current === markdown) throw invalidArgument(rareWords.sameText());
    return wholeDocument(path, markdown, { by: 'replacePlan', reason: 'replaced by an edit of the whole document' });
  });
}

/**
 * Rewrites the plan into the canonical format (docs/format.md): steps numbered as they are read,
 * `### Phase N: Name` headings, `- [ ] N.N Title` task lines, every word kept. One revision; the
 * text it replaces goes to the history. INVALID_ARGUMENT when the plan is canonical already.
 */
export function adoptFormat(path: PlanRevisions): RevisedPlan {
  return path.mutate((current) => {
    const adopted = adoptedFormat(path.requireText(current));
    return wholeDocument(path, adopted, { by: 'adoptFormat', reason: rareWords.rewritten() });
  });
}

/** Puts a saved version back, keeping the current document in the history first. */
export function restoreRevision(path: PlanRevisions, wanted: number): RevisedPlan {
  return path.mutate((current, snapshot) => {
    const versions = path.savedVersions(100, snapshot);
    const version = versions.find((candidate) => candidate.revision === wanted);
    if (!version) {
      const saved = versions.length ? `saved: ${versions.map((v) => v.revision).join(', ')}` : 'the history is empty';
      throw notFound(filled(rareWords.revisionNotKept(), { revision: String(wanted), saved }));
    }
    if (version.text === current) throw invalidArgument(filled(rareWords.sameRevision(), { revision: String(wanted) }));
    return wholeDocument(path, version.text, { by: 'restoreRevision', reason: `replaced by revision ${wanted}` });
  });
}
