/**
 * ScriptApp (https://developers.google.com/apps-script/reference/script/script-app): only its
 * AuthMode enum, which scripts compare `e.authMode` with in onOpen.
 */
import { createEnum } from '../runtime/enums';

export const AuthMode = createEnum(['NONE', 'CUSTOM_FUNCTION', 'LIMITED', 'FULL']);

export class ScriptApp {
  readonly AuthMode = AuthMode;
}
