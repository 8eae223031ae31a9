/**
 * Every feature of the plan, in the order the approval box lists their changes (scope first, then checks and
 * dependencies, then the tasks) and the guard asks their rules. A new kind of nested line is one module and a line
 * here (two when the approval box lists its changes).
 */
import { CHECKS, CHECK_CHANGES } from './checks';
import { CLAIMS } from './claims';
import { DEPENDENCIES, DEPENDENCY_CHANGES } from './dependencies';
import type { ApprovedChangesOf, PlanFeature } from './feature';
import { HELD_ITEMS_FEATURE } from './held-items';
import { SCOPE, SCOPE_CHANGES } from './scope';
import { TASKS } from './tasks';

export const FEATURES: readonly PlanFeature[] = [SCOPE, CHECKS, DEPENDENCIES, TASKS, CLAIMS, HELD_ITEMS_FEATURE];

/** How each feature's approved part changed, for the approval box, in this order (./feature.ts ApprovedChangesOf). */
export const APPROVED_CHANGES: readonly ApprovedChangesOf[] = [SCOPE_CHANGES, CHECK_CHANGES, DEPENDENCY_CHANGES];
