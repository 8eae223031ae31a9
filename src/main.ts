/**
 * Every function Apps Script can reach. The build turns each export below into a top-level
 * function declaration in dist/Code.js (menus, triggers, google.script.run and scripts.run see
 * only those); nothing else in the bundle is global.
 */
import { api } from './apps-script/api';
import { buildMenu, menuInitializePlan, menuShowNextTask, menuShowReviewItems } from './apps-script/menu';

// ---- triggers ----
export function onOpen(_event?: GoogleAppsScript.Events.SheetsOnOpen): void { buildMenu(); }
export function onInstall(event?: GoogleAppsScript.Events.AddonOnInstall): void { onOpen(event as never); }

// ---- menu items ----
export { menuInitializePlan, menuShowNextTask, menuShowReviewItems };
export function showPlanSidebar(): void {
  const ui = SpreadsheetApp.getUi();
  ui.alert('Agent Plan', 'The plan sidebar is not part of this version yet. Meanwhile the plan is in AGENT_BASE!C2.', ui.ButtonSet.OK);
}

// ---- the plan API (scripts.run) ----
export const {
  initPlan, getPlan, getNextTask, getReviewTasks, getProgress, validatePlan,
  createPlan, startTask, completeTask, blockTask, reviewTask, skipTask, reopenTask, setTaskNote,
  advanceTask, applyCommands, replacePlan, getHistory, restoreRevision,
} = api;
