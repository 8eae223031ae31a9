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
