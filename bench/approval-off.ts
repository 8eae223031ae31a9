/**
 * A bench spreadsheet with the person's approval setting saved off: the figures measure agents' calls, not the
 * approval a new sheet asks for (src/core/person/settings.ts: on by default).
 */
import { SETTINGS_PROPERTY } from '../src/apps-script/spreadsheet-access';
import { DEFAULT_SETTINGS } from '../src/core/person/settings';
import type { EmulatedSpreadsheet } from '../src/node/emulator';

export function withApprovalOff<T extends EmulatedSpreadsheet>(spreadsheet: T): T {
  spreadsheet.properties.script.set(
    SETTINGS_PROPERTY,
    JSON.stringify({ ...DEFAULT_SETTINGS, approvalRequired: false }),
  );
  return spreadsheet;
}
