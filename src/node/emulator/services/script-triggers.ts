/**
 * ScriptApp's installable triggers, the one-off time-driven kind: TriggerBuilder
 * (https://developers.google.com/apps-script/reference/script/trigger-builder), ClockTriggerBuilder
 * (https://developers.google.com/apps-script/reference/script/clock-trigger-builder) and Trigger
 * (https://developers.google.com/apps-script/reference/script/trigger). The triggers live on the spreadsheet
 * (model/project-triggers.ts); load-bundle.ts runs the due ones.
 *
 * Assumption one-off-trigger-schedule (../assumptions.ts): create() needs after(ms) or at(date); the recurring
 * schedules (everyMinutes, atHour, …) and the other trigger kinds (forSpreadsheet, …) are not emulated.
 */
import type { ProjectTrigger } from '../model/project-triggers';
import type { ExecutionScope } from '../runtime/execution-scope';
import { createEnum } from '../runtime/enums';
import { isDateLike } from '../runtime/value-kinds';
import { ServiceError, signatureMismatch } from '../runtime/service-error';

export const EventType = createEnum(['CLOCK', 'ON_OPEN', 'ON_EDIT', 'ON_FORM_SUBMIT', 'ON_CHANGE', 'ON_EVENT_UPDATED']);
export const TriggerSource = createEnum(['SPREADSHEETS', 'CLOCK', 'FORMS', 'DOCUMENTS', 'CALENDAR']);

export class TriggerBuilder {
  readonly #scope: ExecutionScope;
  readonly #handler: string;

  constructor(scope: ExecutionScope, handler: string) {
    this.#scope = scope;
    this.#handler = handler;
  }

  /** "Creates and returns a ClockTriggerBuilder for building time-based triggers." */
  timeBased(): ClockTriggerBuilder {
    return this.#scope.expose('ClockTriggerBuilder', new ClockTriggerBuilder(this.#scope, this.#handler));
  }
}

export class ClockTriggerBuilder {
  readonly #scope: ExecutionScope;
  readonly #handler: string;
  #dueAt: number | undefined;

  constructor(scope: ExecutionScope, handler: string) {
    this.#scope = scope;
    this.#handler = handler;
  }

  /** "Specifies the minimum duration (in milliseconds) after the current time that the trigger runs." */
  after(durationMilliseconds: unknown): this {
    if (typeof durationMilliseconds !== 'number' || !Number.isFinite(durationMilliseconds) || durationMilliseconds < 0)
      throw signatureMismatch('ClockTriggerBuilder.after', [durationMilliseconds]);
    this.#dueAt = this.#scope.now().getTime() + Math.trunc(durationMilliseconds);
    return this;
  }

  /** "Specifies when the trigger runs." */
  at(date: unknown): this {
    if (!isDateLike(date)) throw signatureMismatch('ClockTriggerBuilder.at', [date]);
    this.#dueAt = (date as Date).getTime();
    return this;
  }

  /** "Creates the trigger." Refused beyond 20 triggers of this user (Assumption triggers-per-user). */
  create(): Trigger {
    if (this.#dueAt === undefined)
      throw new ServiceError('A time-based trigger needs a schedule: call after(milliseconds) or at(date) first.');
    const { spreadsheet, settings } = this.#scope;
    let trigger: ProjectTrigger;
    try {
      trigger = spreadsheet.triggers.add(this.#handler, settings.user, this.#dueAt);
    } catch (error) {
      throw new ServiceError((error as Error).message);
    }
    return this.#scope.expose('Trigger', new Trigger(trigger));
  }
}

export class Trigger {
  /** The project's trigger this object stands for (ScriptApp.deleteTrigger reads it). */
  readonly project: ProjectTrigger;

  constructor(project: ProjectTrigger) {
    this.project = project;
  }

  getUniqueId(): string {
    return this.project.uniqueId;
  }

  getHandlerFunction(): string {
    return this.project.handlerFunction;
  }

  getEventType(): (typeof EventType)['CLOCK'] {
    return EventType.CLOCK;
  }

  getTriggerSource(): (typeof TriggerSource)['CLOCK'] {
    return TriggerSource.CLOCK;
  }
}
