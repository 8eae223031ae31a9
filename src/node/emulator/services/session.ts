/**
 * Session (https://developers.google.com/apps-script/reference/base/session): who runs the script
 * and in which time zone.
 */
import { createHash } from 'node:crypto';
import type { ExecutionScope } from '../runtime/execution-scope';

export class Session {
  readonly #scope: ExecutionScope;

  constructor(scope: ExecutionScope) {
    this.#scope = scope;
  }

  /**
   * The person running the script. In a simple trigger the email is blank: "the active user's
   * email may be blank if the security policies do not allow access"; simple triggers run
   * without authorization, so the emulator always blanks it there (strict).
   */
  getActiveUser(): User {
    const email = this.#scope.settings.context === 'trigger' ? '' : this.#scope.settings.user;
    return this.#scope.expose('User', new User(email));
  }

  /** The account whose authority the script runs under: here always the running user. */
  getEffectiveUser(): User {
    return this.#scope.expose('User', new User(this.#scope.settings.user));
  }

  /** The project's time zone (appsscript.json), not the spreadsheet's. */
  getScriptTimeZone(): string {
    return this.#scope.settings.scriptTimeZone;
  }

  getActiveUserLocale(): string {
    return 'en';
  }

  /** A key unique to the user and this script, standing in for the email where that is blank. */
  getTemporaryActiveUserKey(): string {
    return createHash('sha256')
      .update(`${this.#scope.spreadsheet.id}\n${this.#scope.settings.user}`)
      .digest('base64')
      .slice(0, 43);
  }
}

export class User {
  readonly #email: string;

  constructor(email: string) {
    this.#email = email;
  }

  getEmail(): string {
    return this.#email;
  }
}
