/**
 * Every feature of the plan, in the order the guard asks their rules: the tasks' approval gate before the done check,
 * which reads cells (service calls) and keeps its result, so that work on a draft is refused before any is read (the
 * reads before the lock skip such a plan too: PlanRevisions.prepareChecks).
 * A new kind of nested line is one module and a line here (two when the approval box lists its changes).
 */
import { CHECKS, CHECK_CHANGES } from './checks';
import { CLAIMS } from './claims';
import { DEPENDENCIES, DEPENDENCY_CHANGES } from './dependencies';
import type { ApprovedChangesOf, PlanFeature } from './feature';
import { HELD_ITEMS_FEATURE } from './held-items';
import { SCOPE, SCOPE_CHANGES } from './scope';
import { TASKS } from './tasks';

export const FEATURES: readonly PlanFeature[] = [SCOPE, TASKS, CHECKS, DEPENDENCIES, CLAIMS, HELD_ITEMS_FEATURE];

/**
 * How each feature's approved part changed, in the order the approval box lists them (scope first, then checks and
 * dependencies; ./feature.ts ApprovedChangesOf).
 */
export const APPROVED_CHANGES: readonly ApprovedChangesOf[] = [SCOPE_CHANGES, CHECK_CHANGES, DEPENDENCY_CHANGES];
