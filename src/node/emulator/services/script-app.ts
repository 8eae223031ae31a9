/**
 * ScriptApp (https://developers.google.com/apps-script/reference/script/script-app): its AuthMode enum, which a
 * trigger's event carries as `e.authMode` and scripts compare it with, and getService(), the script's web app.
 */
import type { ExecutionScope } from '../runtime/execution-scope';
import { createEnum } from '../runtime/enums';

export const AuthMode = createEnum(['NONE', 'CUSTOM_FUNCTION', 'LIMITED', 'FULL']);

export class ScriptApp {
  readonly AuthMode = AuthMode;
  readonly #scope: ExecutionScope;

  constructor(scope: ExecutionScope) {
    this.#scope = scope;
  }

  getService(): Service {
    return this.#scope.expose('Service', new Service(this.#scope));
  }
}

/**
 * Service (https://developers.google.com/apps-script/reference/script/service): "Returns the URL of the web app, if it
 * has been deployed; otherwise returns null." The deployment is the spreadsheet's `webAppUrl` (the local server sets
 * it to its /macros/s/local/exec address); null until something deploys it.
 */
export class Service {
  readonly #scope: ExecutionScope;

  constructor(scope: ExecutionScope) {
    this.#scope = scope;
  }

  getUrl(): string | null {
    return this.#scope.spreadsheet.webAppUrl;
  }

  isEnabled(): boolean {
    return this.#scope.spreadsheet.webAppUrl !== null;
  }
}
