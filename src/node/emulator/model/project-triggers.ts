/**
 * The script project's installable triggers (ScriptApp.newTrigger … create()): the project's, not the document's, so
 * not saved with the spreadsheet. Only one-off time-driven triggers (`timeBased().after(ms)` or `.at(date)`) exist
 * here; the emulator's clock decides when one is due (load-bundle.ts runs due ones: runDueTriggers).
 *
 * Assumption triggers-per-user (../assumptions.ts): at most 20 triggers per user per script; a fired one-off trigger
 * stays listed (and counts) until the script deletes it.
 */
import { randomBytes } from 'node:crypto';

/** "Triggers: 20 / user / script" (Quotas for Google Services, Current limitations). */
export const MAX_TRIGGERS_PER_USER = 20;

export interface ProjectTrigger {
  readonly uniqueId: string;
  readonly handlerFunction: string;
  /** The user who created it: the trigger runs as them, and only they see it in getProjectTriggers. */
  readonly user: string;
  /** When it may run, in milliseconds since the epoch (`after` is a minimum: it never runs earlier). */
  readonly dueAt: number;
  /** A one-off trigger runs once; afterwards it stays listed until deleted. */
  fired: boolean;
}

export class ProjectTriggers {
  readonly #triggers: ProjectTrigger[] = [];

  /** Every trigger of the project, oldest first. */
  get all(): readonly ProjectTrigger[] {
    return this.#triggers;
  }

  ofUser(user: string): ProjectTrigger[] {
    return this.#triggers.filter((trigger) => trigger.user === user);
  }

  add(handlerFunction: string, user: string, dueAt: number): ProjectTrigger {
    if (this.ofUser(user).length >= MAX_TRIGGERS_PER_USER) {
      throw new Error(
        'This script has too many triggers. Triggers must be deleted from the script before more can be added.',
      );
    }
    const trigger: ProjectTrigger = {
      uniqueId: String(BigInt(`0x${randomBytes(8).toString('hex')}`)),
      handlerFunction,
      user,
      dueAt,
      fired: false,
    };
    this.#triggers.push(trigger);
    return trigger;
  }

  /** False when the trigger was deleted already. */
  remove(trigger: ProjectTrigger): boolean {
    const index = this.#triggers.indexOf(trigger);
    if (index < 0) return false;
    this.#triggers.splice(index, 1);
    return true;
  }

  /** The triggers that have not run and are due at `now`, soonest first. */
  due(now: Date): ProjectTrigger[] {
    return this.#triggers
      .filter((trigger) => !trigger.fired && trigger.dueAt <= now.getTime())
      .sort((a, b) => a.dueAt - b.dueAt);
  }
}
