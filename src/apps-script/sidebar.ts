/**
 * The plan sidebar's server side: showPlanSidebar (Agent Plan → Open plan) and the functions the
 * sidebar calls through google.script.run.
 *
 * Only a person may approve a review item or request changes, so every sidebar function asks for
 * proof that it was called from a sidebar a person opened: a token that showPlanSidebar mints only
 * after SpreadsheetApp.getUi() succeeded (it throws in a scripts.run execution, so an agent can
 * never mint one), keeps in the user's cache, and writes into the sidebar's page. A call without a
 * live token is refused with NEEDS_PERSON before anything is read or written.
 *
 * Every function that changes the plan answers with the new PlanView, so the sidebar never needs
 * a second call to refresh; sidebarCheck answers null when nothing changed, so polling is cheap.
 */
import type { TaskAction } from '../core/rules/actions';
import { notFound } from '../core/errors';
import { releaseClaim } from '../core/use-cases/claims';
import { adoptFormat, answerQuestion, replacePlan, restoreRevision } from '../core/use-cases/documents';
import { approvePlan, requestPlanChanges, saveSettings } from '../core/use-cases/plan-lifecycle';
import { initializePlan } from '../core/use-cases/plan-setup';
import { planTemplates } from './rare-texts';
import * as rareRefusals from './rare-refusals';
import { filled } from '../core/text';
import * as reading from '../core/use-cases/reading';
import { addPhase, addTask, moveTask, removeTask, renameTask } from '../core/use-cases/replanning';
import { act } from '../core/use-cases/task-actions';
import { PlanRevisions } from '../core/write-path/plan-revisions';
import type { HistoryEntry } from '../core/write-path/results';
import type { PlanSettings } from '../core/person/settings';
import type { ArchiveEntry } from '../core/write-path/store';
import { currentRevision, revisionStamp } from '../core/write-path/revision';
import type { SeenQuestion, SeenTask } from '../core/person/seen';
import type { AddTaskOptions } from '../core/format/types';
import type { PlanCells } from '../core/write-path/store';

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;
import {
  pageWithSession,
  type AgentsView,
  type ApprovedPlanView,
  type ArchivedPlanView,
  type ConnectedAgentView,
  type PlanView,
  type SidebarSession,
} from '../../sidebar/src/protocol';
import { agentsView, connectAgent, revokeAgent } from './agent-keys';
import { run } from './api';
import { formatSheetRange, requireSheetRange } from '../core/sheet/sheet-range';
import { keepWritesThen, undoWriteThen } from './sheet-work';
import { mintToken, requirePerson } from './person-token';
import { rememberSpreadsheet, spreadsheetTimeZone } from './spreadsheet-access';
import { HISTORY_ROWS_LIMIT, SpreadsheetPlanStore } from './spreadsheet-store';
import { checkResults } from './task-cells';
import { WriteLog } from './write-log';
import { LOG_ROWS_LIMIT } from './write-log-bounds';

export const SIDEBAR_TITLE = 'Agent Plan';
export const SIDEBAR_WIDTH = 300;
/** The file `npm run build` writes to dist/ (Sidebar.html), as HtmlService names it. */
export const SIDEBAR_FILE = 'Sidebar';
/** The project file with the code the sidebar loads when it first needs it: some panels, the approval comparison. */
export const SIDEBAR_DEFERRED_FILE = 'SidebarDeferred';

// ---- the person token: ./person-token.ts ----

export { asCheckedPerson } from './person-token';

/**
 * The plan as sidebarLoad answers it, written into the page showPlanSidebar serves: the sidebar draws it at once,
 * without a google.script.run round trip first (an execution of its own, 300 ms and more in Google). Left out when
 * it cannot be read now; the page then asks sidebarLoad, whose refusal says why.
 */
function openingView(spreadsheet: Spreadsheet): PlanView | undefined {
  try {
    return { ...withWrites(spreadsheet), timeZone: spreadsheetTimeZone(spreadsheet) };
  } catch {
    return undefined;
  }
}

/**
 * Agent Plan → Open plan. A menu item, not a google.script.run function: its errors stay Apps
 * Script's own, so an agent calling it through scripts.run is told exactly why it cannot.
 */
export function showPlanSidebar(): void {
  const { ui, token, spreadsheet } = mintToken();
  const view = openingView(spreadsheet);
  const page = pageWithSession(
    HtmlService.createHtmlOutputFromFile(SIDEBAR_FILE).getContent(),
    view ? { token, view } : { token },
  );
  ui.showSidebar(HtmlService.createHtmlOutput(page).setTitle(SIDEBAR_TITLE).setWidth(SIDEBAR_WIDTH));
}

/**
 * A new token for an open sidebar whose token is gone: CacheService may drop a value before it expires, and
 * the person should not lose what they were doing for that. The same proof as opening the sidebar (getUi()
 * works only where a person's Sheets window ran the call), so it needs no token and gives an agent none.
 */
export function sidebarRenewSession(): SidebarSession {
  return { token: mintToken().token };
}

// ---- the functions the sidebar calls ----

/** Whether the person asked to approve plans first: the view says so (a plan without a Status line then waits). */
const approvalAsked = (store: SpreadsheetPlanStore) => store.settings.readSettings().approvalRequired;

/** The plan in `cells` as the sidebar shows it; `approval`: approvalAsked. */
function viewOf(cells: PlanCells | null, approval = false): PlanView {
  const markdown = cells?.text ?? '';
  const revision = currentRevision(markdown, cells?.meta ?? '');
  const view: PlanView = {
    markdown,
    revision: revision.revision,
    changedBy: revision.changedBy,
    stamp: revisionStamp(revision.revision, markdown),
  };
  if (revision.changedAt) view.changedAt = revision.changedAt;
  if (approval) view.approvalRequired = true;
  return view;
}

/**
 * Runs `change` as a person in the sidebar, then answers with the plan as it now is: the cells the
 * change just wrote under the lock (no second read), or the cells as read when it wrote nothing.
 */
function asPerson(
  token: unknown,
  change: (path: PlanRevisions) => unknown,
  options: { keepsApproval?: boolean } = {},
): PlanView {
  return run(() => {
    const store = new SpreadsheetPlanStore(requirePerson(token));
    store.keepsApproval = options.keepsApproval ?? false;
    // Read before the change, so that failing to read it writes nothing; shown as the change left it.
    approvalAsked(store);
    change(new PlanRevisions(store, { source: 'sidebar', byPerson: true }));
    return viewOf(store.cellsWritten() ?? store.read(), approvalAsked(store));
  });
}

/**
 * The plan in `cells` with the agent's writes (and reads outside the plan's ranges), newest first, with the mark they
 * were read at; a write of an earlier plan is marked so (shown apart, never under this plan's task).
 */
function withWrites(spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet, read?: PlanRead): PlanView {
  const { store, cells } = read ?? planRead(spreadsheet);
  const plan = store.planIdOf(cells);
  return {
    ...viewOf(cells, approvalAsked(store)),
    writeMark: WriteLog.mark(),
    writes: new WriteLog(spreadsheet).list(LOG_ROWS_LIMIT, plan),
    checkResults: checkResults(plan),
  };
}

interface PlanRead {
  store: SpreadsheetPlanStore;
  cells: PlanCells | null;
}

/** The plan's cells, one range read, with the store that read them. */
function planRead(spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet): PlanRead {
  const store = new SpreadsheetPlanStore(spreadsheet);
  return { store, cells: store.read() };
}

/** The plan when the sidebar opens, with the write log. */
export function sidebarLoad(token: unknown): PlanView {
  return run(() => {
    const spreadsheet = requirePerson(token);
    rememberSpreadsheet(spreadsheet);
    // The sheet's zone, asked once per sidebar: claims' "until" times are
    // wall-clock times in it, which the page shows in the person's own zone.
    return { ...withWrites(spreadsheet), timeZone: spreadsheetTimeZone(spreadsheet) };
  });
}

/**
 * The change check the sidebar polls: null while the plan is still at `stamp` and the write log at `writeMark`,
 * else the new view with the write log. One range read and one property read when nothing changed.
 */
export function sidebarCheck(token: unknown, stamp: unknown, writeMark?: unknown): PlanView | null {
  return run(() => {
    const spreadsheet = requirePerson(token);
    const read = planRead(spreadsheet);
    const logChanged = typeof writeMark === 'string' && writeMark !== WriteLog.mark();
    if (viewOf(read.cells).stamp === stamp && !logChanged) return null;
    return withWrites(spreadsheet, read);
  });
}

/**
 * Undoes an agent's write: its cells get back the values it replaced, only if they still hold what it wrote
 * (CONFLICT, saying what changed, otherwise). Answers the view with the write log as it now is.
 */
export function sidebarUndoWrite(token: unknown, id: unknown): PlanView {
  return run(() => {
    const spreadsheet = requirePerson(token);
    // The view is read inside the undo's change: a failure there puts the undo back, so an error is never answered
    // for an undo that was made.
    return withMarkLeft(undoWriteThen(spreadsheet, id, 'sidebar', () => withWrites(spreadsheet)));
  });
}

/**
 * A view read inside a change of the write log, with the mark that change left: the mark moves once the change is
 * flushed, after the view was read, and the next poll would reload a view that is already new.
 */
function withMarkLeft(view: PlanView): PlanView {
  return { ...view, writeMark: WriteLog.mark() };
}

/**
 * Keeps every write the person can still undo: they stay listed without an Undo, and the write log has room again for
 * the agent's writes (it keeps at most 100 that can be undone). Answers the view with the write log as it now is.
 */
export function sidebarKeepWrites(token: unknown, count: number): PlanView {
  return run(() => {
    const spreadsheet = requirePerson(token);
    return withMarkLeft(keepWritesThen(spreadsheet, count, () => withWrites(spreadsheet)));
  });
}

/**
 * Any task action of the core's TASK_ACTIONS: the move into each status, note, approve, requestChanges. `seen` is the
 * task as the sidebar showed it (src/core/person/seen.ts): the action is refused (CONFLICT) when the step holds another
 * task.
 */
export function sidebarTaskAction(
  token: string,
  action: TaskAction,
  step: string,
  text?: string | null,
  seen?: SeenTask | null,
): PlanView {
  // A missing text arrives as null from google.script.run; the core treats "no text" as undefined.
  return asPerson(token, (path) => act(path, action, step, text ?? undefined, seen));
}

/** Sets or replaces the answer to question `number` (1-based), refused when it is not the question `seen`. */
export function sidebarAnswerQuestion(
  token: string,
  number: number,
  answer: string,
  seen?: SeenQuestion | null,
): PlanView {
  return asPerson(token, (path) => answerQuestion(path, number, answer, seen));
}

/**
 * Saves the whole document, only if it is still exactly what the editor loaded (CONFLICT otherwise, checked under the
 * lock).
 */
export function sidebarReplacePlan(
  token: string,
  markdown: string,
  baseRevision: number,
  baseStamp?: string | null,
): PlanView {
  return asPerson(token, (path) => replacePlan(path, markdown, baseStamp ?? baseRevision));
}

/** The saved versions of the plan, newest first, with their text (the History panel). */
export function sidebarHistory(token: unknown): HistoryEntry[] {
  return run(() => reading.getHistory(personPath(token), HISTORY_ROWS_LIMIT));
}

/** Puts a saved version back; the plan it replaces is saved to the history first. */
export function sidebarRestore(token: string, revision: number): PlanView {
  return asPerson(token, (path) => restoreRevision(path, revision));
}

// ---- the plan's lifecycle: approval, settings, the archive ----

function personPath(token: unknown): PlanRevisions {
  return new PlanRevisions(new SpreadsheetPlanStore(requirePerson(token)), { source: 'sidebar', byPerson: true });
}

/**
 * Approves the whole plan (`Status: approved`, with the comment if any): the agent may start work. `stamp` is the
 * plan the person looked at: a plan that changed since (the agent re-planned meanwhile) is not approved (CONFLICT).
 */
export function sidebarApprovePlan(token: string, stamp: string, comment?: string | null): PlanView {
  return asPerson(token, (path) => approvePlan(path, comment, stamp), { keepsApproval: true });
}

/**
 * The plan as the person last approved it, kept by sidebarApprovePlan in the same change as the approval (the history
 * keeps only documents that were replaced whole, so it rarely holds the approved text): the approval box shows what
 * changed since. Null before the first approval. One range read.
 */
export function sidebarApprovedPlan(token: unknown): ApprovedPlanView | null {
  return run(() => {
    const approved = new SpreadsheetPlanStore(requirePerson(token)).versions.lastApproved();
    if (!approved) return null;
    const revision = currentRevision(approved.text, approved.meta);
    return { revision: revision.revision, approvedAt: revision.changedAt ?? '', markdown: approved.text };
  });
}

/** Sends the plan back to the agent: `Status: draft — changes requested: comment` (a comment is required). */
export function sidebarRequestPlanChanges(token: string, comment: string): PlanView {
  return asPerson(token, (path) => requestPlanChanges(path, comment));
}

/** The sheet's settings: whether the agent needs approval before it starts, and what finishing leaves in the cell. */
export function sidebarSettings(token: unknown): PlanSettings {
  return run(() => ({ ...personPath(token).settings() }));
}

/** Changes settings (`{ approvalRequired: true }`, `{ afterFinish: 'starter' }`); answers them all. */
export function sidebarSaveSettings(token: string, change: Partial<PlanSettings>): PlanSettings {
  return run(() => saveSettings(personPath(token), change));
}

/**
 * The sidebar's deferred code (sidebar/src/deferred.ts): a project HTML file read as text, the documented way to
 * include one file in another
 * (https://developers.google.com/apps-script/guides/html/best-practices#separate_html_css_and_javascript).
 */
export function sidebarDeferredCode(token: unknown): string {
  return run(() => {
    requirePerson(token);
    return HtmlService.createHtmlOutputFromFile(SIDEBAR_DEFERRED_FILE).getContent();
  });
}

/** The finished plans, newest first (without their text). */
export function sidebarArchive(token: unknown): ArchiveEntry[] {
  return run(() => reading.listPlans(personPath(token)));
}

/** One finished plan, with its Markdown for the sidebar to show. */
export function sidebarArchivedPlan(token: string, id: number): ArchivedPlanView {
  return run(() => {
    const { raw, id: planId, finishedAt, title, summary, tasks } = reading.getArchivedPlan(personPath(token), id);
    return { id: planId, finishedAt, title, summary, tasks, markdown: raw };
  });
}

// ---- re-planning, as a person ----

/** Adds a task at the end of phase `phase`, or `{ after: step }` / `{ under: step }`. */
export function sidebarAddTask(
  token: string,
  phase: number | string,
  title: string,
  options?: AddTaskOptions | null,
): PlanView {
  return asPerson(token, (path) => addTask(path, phase, title, options));
}

/** Adds a phase of tasks after the last phase, or after phase `after`. */
export function sidebarAddPhase(
  token: string,
  name: string,
  steps: string[],
  after?: number | string | null,
): PlanView {
  return asPerson(token, (path) => addPhase(path, name, steps, after));
}

export function sidebarRenameTask(token: string, step: string, title: string, seen?: SeenTask | null): PlanView {
  return asPerson(token, (path) => renameTask(path, step, title, seen));
}

/** Moves a task (with its sub-steps) right after step `after`, or to the top of phase `after` (a number). */
export function sidebarMoveTask(token: string, step: string, after: string | number, seen?: SeenTask | null): PlanView {
  return asPerson(token, (path) => moveTask(path, step, after, seen));
}

/** Removes a task (any status, for a person) with its sub-steps; the plan before goes to the history. */
export function sidebarRemoveTask(token: string, step: string, seen?: SeenTask | null): PlanView {
  return asPerson(token, (path) => removeTask(path, step, seen));
}

/** Releases an agent's claim on a task: its `- Working:` line goes, and any agent may take the task. */
export function sidebarReleaseClaim(token: string, step: string, seen?: SeenTask | null): PlanView {
  return asPerson(token, (path) => releaseClaim(path, step, seen));
}

/** Rewrites the plan into the canonical format (the sidebar's "Rewrite in the standard format" button). */
export function sidebarAdoptFormat(token: unknown): PlanView {
  return asPerson(token, (path) => adoptFormat(path));
}

/** The spec's initPlan, for the sidebar's "Initialize plan" button. */
export function sidebarInitPlan(token: unknown): PlanView {
  return asPerson(token, (path) => {
    // An agent gets the spec's recovery plan when the sheet cannot be set up; the person needs the reason.
    const outcome = initializePlan(path, planTemplates);
    if (!outcome.initialized) throw new Error(filled(rareRefusals.notInitialized(), { reason: outcome.reason }));
  });
}

/**
 * Selects `reference` (`Warehouse!A2:F500`, `'My Sheet'!A:A`) in the person's sheet, as a range link in the
 * sidebar does (in the plan, or under a task's writes): one round trip, and the plan is neither read nor changed.
 * Answers what was selected.
 */
export function sidebarSelectRange(token: unknown, reference: unknown): { sheet: string; range: string } {
  return run(() => {
    const spreadsheet = requirePerson(token);
    const wanted = requireSheetRange(reference, 'reference');
    const shown = formatSheetRange(wanted);
    const sheet = spreadsheet.getSheetByName(wanted.sheet);
    if (!sheet) {
      // Only the sheets the person can see: Sheet Plan's hidden ones are not theirs to pick.
      const names = spreadsheet
        .getSheets()
        .filter((candidate) => !candidate.isSheetHidden())
        .map((candidate) => candidate.getName());
      throw notFound(
        filled(rareRefusals.noSheetToSelect(), { sheet: wanted.sheet, range: shown, sheets: names.join(', ') }),
      );
    }
    let range: GoogleAppsScript.Spreadsheet.Range;
    try {
      range = spreadsheet.getRange(shown);
    } catch {
      throw notFound(
        filled(rareRefusals.outsideSheet(), {
          range: shown,
          sheet: wanted.sheet,
          rows: String(sheet.getMaxRows()),
          columns: String(sheet.getMaxColumns()),
        }),
      );
    }
    range.activate();
    return { sheet: wanted.sheet, range: range.getA1Notation() };
  });
}

// ---- Connect an agent: keys a person creates, sees once and revokes (./agent-keys.ts) ----

/** A new agent named `name`: its key and URL, shown once. Refused until the web app is deployed. */
export function sidebarConnectAgent(token: unknown, name: unknown): ConnectedAgentView {
  return run(() => {
    requirePerson(token);
    return connectAgent(name);
  });
}

/** The connected agents (names, creation, last use) and the web app's URL. */
export function sidebarListAgents(token: unknown): AgentsView {
  return run(() => {
    requirePerson(token);
    return agentsView();
  });
}

/** Revokes an agent's key: its next call is refused. */
export function sidebarRevokeAgent(token: unknown, id: unknown): AgentsView {
  return run(() => {
    requirePerson(token);
    revokeAgent(id);
    return agentsView();
  });
}
