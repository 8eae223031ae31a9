/**
 * ScriptApp (https://developers.google.com/apps-script/reference/script/script-app): only its
 * AuthMode enum, which a trigger's event carries as `e.authMode` and scripts compare it with.
 */
import { createEnum } from '../runtime/enums';

export const AuthMode = createEnum(['NONE', 'CUSTOM_FUNCTION', 'LIMITED', 'FULL']);

export class ScriptApp {
  readonly AuthMode = AuthMode;
}
