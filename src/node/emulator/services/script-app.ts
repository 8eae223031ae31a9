/**
 * ScriptApp (https://developers.google.com/apps-script/reference/script/script-app): its AuthMode enum, which a
 * trigger's event carries as `e.authMode` and scripts compare it with, getService(), the script's web app, and the
 * project's installable triggers (newTrigger, getProjectTriggers, deleteTrigger: ./script-triggers.ts).
 */
import type { ExecutionScope } from '../runtime/execution-scope';
import { createEnum } from '../runtime/enums';
import { newArray } from '../runtime/realm';
import { ServiceError, signatureMismatch } from '../runtime/service-error';
import { EventType, Trigger, TriggerBuilder, TriggerSource } from './script-triggers';

export const AuthMode = createEnum(['NONE', 'CUSTOM_FUNCTION', 'LIMITED', 'FULL']);

export class ScriptApp {
  readonly AuthMode = AuthMode;
  readonly EventType = EventType;
  readonly TriggerSource = TriggerSource;
  readonly #scope: ExecutionScope;

  constructor(scope: ExecutionScope) {
    this.#scope = scope;
  }

  getService(): Service {
    return this.#scope.expose('Service', new Service(this.#scope));
  }

  /** "Begins the process of creating an installable trigger that, when fired, calls a given function." */
  newTrigger(functionName: unknown): TriggerBuilder {
    if (typeof functionName !== 'string') throw signatureMismatch('ScriptApp.newTrigger', [functionName]);
    return this.#scope.expose('TriggerBuilder', new TriggerBuilder(this.#scope, functionName));
  }

  /** "Gets all installable triggers associated with the current project and current user." */
  getProjectTriggers(): Trigger[] {
    const { spreadsheet, settings } = this.#scope;
    const triggers = spreadsheet.triggers.ofUser(settings.user);
    return newArray(
      this.#scope.realm,
      triggers.map((trigger) => this.#scope.expose('Trigger', new Trigger(trigger))),
    );
  }

  /**
   * "Removes the given trigger so it no longer runs." A trigger deleted already is refused
   * (Assumption delete-trigger-once: the documentation is silent; the stricter side).
   */
  deleteTrigger(trigger: unknown): void {
    const implementation = this.#scope.implementationOf(trigger, Trigger);
    if (!implementation) throw signatureMismatch('ScriptApp.deleteTrigger', [trigger]);
    if (!this.#scope.spreadsheet.triggers.remove(implementation.project))
      throw new ServiceError('This trigger does not exist: it was deleted already.');
  }
}

/**
 * Service (https://developers.google.com/apps-script/reference/script/service): "Returns the URL of the web app, if it
 * has been deployed; otherwise returns null. If you are running the development mode web app, this returns the
 * development mode url." The deployment is the spreadsheet's `webAppUrl` (the local server sets it to its
 * /macros/s/local/exec address); null until something deploys it.
 * Assumption web-app-url-outside-requests (../assumptions.ts): only a web-app (or API) execution gets the /exec URL;
 * a sidebar, menu or trigger execution gets the /dev one.
 */
export class Service {
  readonly #scope: ExecutionScope;

  constructor(scope: ExecutionScope) {
    this.#scope = scope;
  }

  getUrl(): string | null {
    const deployed = this.#scope.spreadsheet.webAppUrl;
    const { context } = this.#scope.settings;
    // A window (sidebar, menu) or a trigger is not a request to the web app; every other kind of execution is.
    if (deployed === null || (context !== 'ui' && context !== 'trigger')) return deployed;
    return deployed.replace(/\/exec$/, '/dev');
  }

  isEnabled(): boolean {
    return this.#scope.spreadsheet.webAppUrl !== null;
  }
}
