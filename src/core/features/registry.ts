/**
 * Every feature of the plan, in the order the approval box lists their changes (scope first, then checks and
 * dependencies, then the tasks) and the guard asks their rules. A new kind of nested line is one module and a line
 * here.
 */
import { CHECKS } from './checks';
import { CLAIMS } from './claims';
import { DEPENDENCIES } from './dependencies';
import type { PlanFeature } from './feature';
import { HELD_ITEMS_FEATURE } from './held-items';
import { SCOPE } from './scope';
import { TASKS } from './tasks';

export const FEATURES: readonly PlanFeature[] = [SCOPE, CHECKS, DEPENDENCIES, TASKS, CLAIMS, HELD_ITEMS_FEATURE];
