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
  /** E-mail the person when the plan starts waiting for them (docs/notifications.md). Opt-in. */
  mailWhenWaiting: boolean;
  /** Where those e-mails go; empty: the spreadsheet's owner. */
  mailTo: string[];
}

export const DEFAULT_SETTINGS: PlanSettings = {
  approvalRequired: false,
  afterFinish: 'empty',
  mailWhenWaiting: false,
  mailTo: [],
};

/** Addresses a person may list for the e-mails, at most. */
const MAIL_TO_LIMIT = 10;
/**
 * A plain address check: something@domain.tld, no spaces or commas (one address per entry). The domain is read as
 * dot-free labels joined by dots, so no two ways of splitting it exist and the match stays linear.
 */
const EMAIL_ADDRESS = /^[^\s@,;<>]+@[^\s@,;<>.]+(?:\.[^\s@,;<>.]+)+$/;

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
      mailWhenWaiting: record.mailWhenWaiting === true,
      mailTo: Array.isArray(record.mailTo)
        ? record.mailTo.filter((address) => typeof address === 'string' && EMAIL_ADDRESS.test(address))
        : [],
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
    } else if (key === 'mailWhenWaiting') {
      if (typeof setting !== 'boolean')
        throw new PlanError(
          'INVALID_ARGUMENT',
          `mailWhenWaiting must be true or false (got ${describeValue(setting)})`,
        );
      change.mailWhenWaiting = setting;
    } else if (key === 'mailTo') {
      change.mailTo = requireMailTo(setting);
    } else {
      throw new PlanError(
        'INVALID_ARGUMENT',
        `Unknown setting "${key}"; the settings are approvalRequired (true or false), afterFinish ("empty" or ` +
          `"starter"), mailWhenWaiting (true or false) and mailTo (a list of e-mail addresses)`,
      );
    }
  }
  if (Object.keys(change).length === 0)
    throw new PlanError(
      'INVALID_ARGUMENT',
      'settings must change at least one of approvalRequired, afterFinish, mailWhenWaiting, mailTo',
    );
  return change;
}

/** The addresses for the e-mails: a list of at most ten plain addresses ([] sends to the spreadsheet's owner). */
function requireMailTo(value: unknown): string[] {
  if (!Array.isArray(value) || value.some((address) => typeof address !== 'string')) {
    throw new PlanError(
      'INVALID_ARGUMENT',
      `mailTo must be a list of e-mail addresses like ["dana@example.com"] (got ${describeValue(value)})`,
    );
  }
  const addresses = (value as string[]).map((address) => address.trim()).filter(Boolean);
  const wrong = addresses.find((address) => !EMAIL_ADDRESS.test(address));
  if (wrong !== undefined)
    throw new PlanError('INVALID_ARGUMENT', `mailTo: "${wrong}" is not an e-mail address (like dana@example.com)`);
  if (addresses.length > MAIL_TO_LIMIT)
    throw new PlanError(
      'INVALID_ARGUMENT',
      `mailTo takes at most ${MAIL_TO_LIMIT} addresses (got ${addresses.length})`,
    );
  return [...new Set(addresses)];
}
