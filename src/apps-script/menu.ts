/** The Agent Plan menu and what its items do. Only a person clicks these, so they act as a person. */
import { describeProgress } from '../core/format/progress';
import type { PlanTask } from '../core/format/types';
import { pathForPerson, run } from './api';
import { initializePlan } from '../core/use-cases/plan-setup';
import { planTemplates } from './rare-texts';
import * as rareRefusals from './rare-refusals';
import { filled } from '../core/text';
import * as reading from '../core/use-cases/reading';
import { MENU_TITLE, OPEN_PLAN_ITEM } from './menu-names';
import { PLAN_CELL_REFERENCE, PLAN_LOCATION } from './plan-location';
import { rememberSpreadsheet } from './spreadsheet-access';
import { warn } from './warn';

export { MENU_TITLE } from './menu-names';

/**
 * In AuthMode.NONE (an add-on not yet used in this document) only building the menu is allowed: this does nothing else.
 */
export function buildMenu(): void {
  SpreadsheetApp.getUi()
    .createMenu(MENU_TITLE)
    .addItem(OPEN_PLAN_ITEM, 'showPlanSidebar')
    .addSeparator()
    .addItem('Initialize plan', 'menuInitializePlan')
    .addItem('Show next task', 'menuShowNextTask')
    .addItem('Show review items', 'menuShowReviewItems')
    .addToUi();
}

/**
 * A person opened the sheet: remember its id for agents (./spreadsheet-access.ts). Never in the way of the menu: Open
 * plan, which the agent's NOT_CONNECTED error asks for, remembers it too.
 */
export function rememberOnOpen(event?: GoogleAppsScript.Events.SheetsOnOpen): void {
  // NONE: an add-on not yet used in this document may only build its menu. String(): the enum prints its name.
  if (event && String(event.authMode) === 'NONE') return;
  try {
    const spreadsheet = event?.source ?? SpreadsheetApp.getActiveSpreadsheet();
    if (spreadsheet) rememberSpreadsheet(spreadsheet, { withTimeZone: true });
  } catch (error) {
    warn(`could not remember the spreadsheet on open`, error);
  }
}

const person = () => pathForPerson({ source: 'menu', byPerson: true });

function describeTask(task: PlanTask): string {
  return `${task.step} ${task.title}${task.note ? ` — ${task.note}` : ''}`;
}

function alert(title: string, message: string): void {
  const ui = SpreadsheetApp.getUi();
  ui.alert(title, message, ui.ButtonSet.OK);
}

export function menuInitializePlan(): void {
  run(() => {
    // The window first: if there is none, nothing is written.
    const ui = SpreadsheetApp.getUi();
    const outcome = initializePlan(person(), planTemplates);
    const [title, message] = outcome.initialized
      ? [
          'Plan ready',
          `"${outcome.plan.title}" is in ${PLAN_CELL_REFERENCE}.\n${describeProgress(outcome.plan.progress)}`,
        ]
      : [
          'Plan not initialized',
          filled(rareRefusals.notSetUp(), { sheet: PLAN_LOCATION.sheet, reason: outcome.reason }),
        ];
    try {
      ui.alert(title, message, ui.ButtonSet.OK);
    } catch (error) {
      // The plan is set up (or untouched): an error now would tell the person otherwise. The sidebar shows the plan.
      if (outcome.initialized) warn(rareRefusals.alertFailed(), error);
      else throw error;
    }
  });
}

export function menuShowNextTask(): void {
  run(() => {
    // The window first: run where there is none (scripts.run), the item fails with Apps Script's own error.
    SpreadsheetApp.getUi();
    const path = person();
    const plan = reading.getPlan(path);
    if (!plan) return alert('No plan', filled(rareRefusals.noPlanYet(), { cell: PLAN_CELL_REFERENCE }));
    const next = reading.getNextTask(path);
    alert(
      'Next task',
      next ? describeTask(next) : filled(rareRefusals.noTaskWaiting(), { progress: describeProgress(plan.progress) }),
    );
  });
}

export function menuShowReviewItems(): void {
  run(() => {
    SpreadsheetApp.getUi();
    const items = reading.getReviewTasks(person());
    alert('Review items', items.length ? items.map(describeTask).join('\n') : rareRefusals.nothingToReview());
  });
}
