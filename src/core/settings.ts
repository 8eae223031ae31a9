/**
 * The sheet's settings for its plans. Only a person changes them (in the sidebar); the store keeps them
 * where an agent's API calls cannot write (Apps Script's document properties).
 */
import { describeValue } from './arguments';
import { PlanError } from './errors';

export interface PlanSettings {
  /** The agent needs the person's approval before it starts: plans an agent writes are drafts until approved. */
  approvalRequired: boolean;
  /** What the plan cell holds after finishPlan archives the plan: nothing, or a fresh starter plan. */
  afterFinish: 'empty' | 'starter';
}

export const DEFAULT_SETTINGS: PlanSettings = { approvalRequired: false, afterFinish: 'empty' };

const AFTER_FINISH: ReadonlyArray<PlanSettings['afterFinish']> = ['empty', 'starter'];

/** Settings as stored (JSON); anything missing or unreadable is the default. */
export function readSettings(saved: string | null | undefined): PlanSettings {
  if (!saved) return { ...DEFAULT_SETTINGS };
  try {
    const record = JSON.parse(saved) as Partial<PlanSettings>;
    return {
      approvalRequired:
        typeof record.approvalRequired === 'boolean' ? record.approvalRequired : DEFAULT_SETTINGS.approvalRequired,
      afterFinish: AFTER_FINISH.includes(record.afterFinish!) ? record.afterFinish! : DEFAULT_SETTINGS.afterFinish,
    };
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
}

/** Checks a change of settings (`{ approvalRequired: true }`); settings it leaves out keep their value. */
export function requireSettingsChange(value: unknown): Partial<PlanSettings> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new PlanError(
      'INVALID_ARGUMENT',
      `settings must be an object like { "approvalRequired": true } (got ${describeValue(value)})`,
    );
  }
  const change: Partial<PlanSettings> = {};
  for (const [key, setting] of Object.entries(value)) {
    if (key === 'approvalRequired') {
      if (typeof setting !== 'boolean')
        throw new PlanError(
          'INVALID_ARGUMENT',
          `approvalRequired must be true or false (got ${describeValue(setting)})`,
        );
      change.approvalRequired = setting;
    } else if (key === 'afterFinish') {
      if (!AFTER_FINISH.includes(setting as PlanSettings['afterFinish'])) {
        throw new PlanError(
          'INVALID_ARGUMENT',
          `afterFinish must be "empty" or "starter" (got ${describeValue(setting)})`,
        );
      }
      change.afterFinish = setting as PlanSettings['afterFinish'];
    } else {
      throw new PlanError(
        'INVALID_ARGUMENT',
        `Unknown setting "${key}"; the settings are approvalRequired (true or false) and afterFinish ("empty" or ` +
          `"starter")`,
      );
    }
  }
  if (Object.keys(change).length === 0)
    throw new PlanError('INVALID_ARGUMENT', 'settings must change at least one of approvalRequired, afterFinish');
  return change;
}
