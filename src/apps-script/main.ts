/**
 * Every function Apps Script can reach. The build turns each export below into a top-level
 * function declaration in dist/Code.js (menus, triggers, google.script.run and scripts.run see
 * only those); nothing else in the bundle is global.
 */
import { api } from './api';
import { recordPlanEdit } from './cell-edit';
import { buildMenu, menuInitializePlan, menuShowNextTask, menuShowReviewItems } from './menu';

// ---- triggers ----
export function onOpen(_event?: GoogleAppsScript.Events.SheetsOnOpen): void {
  buildMenu();
}
/** A person's edit of the plan cell becomes a revision (see src/apps-script/cell-edit.ts). */
export function onEdit(event?: GoogleAppsScript.Events.SheetsOnEdit): void {
  recordPlanEdit(event);
}
export function onInstall(event?: GoogleAppsScript.Events.AddonOnInstall): void {
  onOpen(event as never);
}

// ---- menu items ----
export { menuInitializePlan, menuShowNextTask, menuShowReviewItems };

// ---- the sidebar: Open plan, then google.script.run from the page (each call needs the person token showPlanSidebar
// minted) ----
export {
  showPlanSidebar,
  sidebarLoad,
  sidebarCheck,
  sidebarTaskAction,
  sidebarAnswerQuestion,
  sidebarReplacePlan,
  sidebarInitPlan,
  sidebarHistory,
  sidebarRestore,
} from './sidebar';

// ---- the plan API (scripts.run) ----
export const {
  initPlan,
  getPlan,
  getNextTask,
  getReviewTasks,
  getProgress,
  validatePlan,
  createPlan,
  startTask,
  completeTask,
  blockTask,
  reviewTask,
  skipTask,
  reopenTask,
  setTaskNote,
  startNextTask,
  advanceTask,
  applyCommands,
  replacePlan,
  getHistory,
  restoreRevision,
} = api;
