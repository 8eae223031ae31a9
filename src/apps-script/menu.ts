/** The Agent Plan menu and what its items do. Only a person clicks these, so they act as a person. */
import { describeProgress } from '../core/progress';
import type { PlanTask } from '../core/types';
import { managerFor, run } from './api';

export const MENU_TITLE = 'Agent Plan';

/**
 * In AuthMode.NONE (an add-on not yet used in this document) only building the menu is allowed: this does nothing else.
 */
export function buildMenu(): void {
  SpreadsheetApp.getUi()
    .createMenu(MENU_TITLE)
    .addItem('Open plan', 'showPlanSidebar')
    .addSeparator()
    .addItem('Initialize plan', 'menuInitializePlan')
    .addItem('Show next task', 'menuShowNextTask')
    .addItem('Show review items', 'menuShowReviewItems')
    .addToUi();
}

const person = () => managerFor({ source: 'menu', byPerson: true });

function describeTask(task: PlanTask): string {
  return `${task.step} ${task.title}${task.note ? ` — ${task.note}` : ''}`;
}

function alert(title: string, message: string): void {
  const ui = SpreadsheetApp.getUi();
  ui.alert(title, message, ui.ButtonSet.OK);
}

export function menuInitializePlan(): void {
  run(() => {
    const outcome = person().initializePlan();
    if (!outcome.initialized) {
      const advice = 'Check your access to the spreadsheet and try again.';
      alert('Plan not initialized', `The AGENT_BASE sheet could not be set up: ${outcome.reason}\n${advice}`);
      return;
    }
    const { plan } = outcome;
    alert('Plan ready', `"${plan.title}" is in AGENT_BASE!C2.\n${describeProgress(plan.progress)}`);
  });
}

export function menuShowNextTask(): void {
  run(() => {
    const manager = person();
    const plan = manager.getPlan();
    if (!plan) return alert('No plan', 'AGENT_BASE!C2 holds no plan yet. Use Agent Plan → Initialize plan.');
    const next = manager.getNextTask();
    alert(
      'Next task',
      next ? describeTask(next) : `No task is waiting to be started.\n${describeProgress(plan.progress)}`,
    );
  });
}

export function menuShowReviewItems(): void {
  run(() => {
    const items = person().getReviewTasks();
    alert('Review items', items.length ? items.map(describeTask).join('\n') : 'Nothing is waiting for your review.');
  });
}
