/**
 * ScriptApp.AuthMode (https://developers.google.com/apps-script/reference/script/auth-mode): the
 * enum a trigger's event carries as `e.authMode`. The ScriptApp global itself is not emulated:
 * the product does not call it.
 */
import { createEnum } from '../runtime/enums';

export const AuthMode = createEnum(['NONE', 'CUSTOM_FUNCTION', 'LIMITED', 'FULL']);
