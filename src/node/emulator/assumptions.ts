/**
 * Every behaviour of the emulator that Google's documentation does not settle, in one list: what
 * the emulator does, what the page consulted says (or that it is silent), and where the choice is
 * applied. Where the docs leave room the emulator takes the stricter side, so that the product has
 * to prove it copes. The code that applies one cites its id (`Assumption plus-minus-formula`);
 * test/emulator/assumptions.test.ts keeps the list and the citations in step, and test/live checks
 * against a real deployment every assumption a product function can show (`live`).
 */

export interface EmulatorAssumption {
  readonly id: string;
  /** What the emulator does. */
  readonly behaviour: string;
  /** What the page consulted says about it, or that it is silent. */
  readonly documented: string;
  /** The page consulted. */
  readonly doc: string;
  /** The file under src/node/emulator that applies it (and cites the id). */
  readonly file: string;
  /** How test/live checks it: calling this function through scripts.run fails with a matching message. */
  readonly live?: { readonly function: string; readonly errorMatches: string };
}

import { WEB_APP_ASSUMPTIONS } from './web-app-assumptions';

const RANGE = 'https://developers.google.com/apps-script/reference/spreadsheet/range';
const SHEET = 'https://developers.google.com/apps-script/reference/spreadsheet/sheet';

export const ASSUMPTIONS: readonly EmulatorAssumption[] = [
  {
    id: 'plus-minus-formula',
    behaviour:
      'A string written by setValue(s) or appendRow that starts with + or - and is not a plain number becomes a ' +
      'formula (`- item` is `=- item`, which reads #ERROR!); a lone + or - stays text.',
    documented: 'Only `=` is documented: "If a cell\'s content begins with =, it\'s interpreted as a formula."',
    doc: `${SHEET}#appendRow(Object)`,
    file: 'services/cell-input.ts',
  },
  {
    id: 'plain-text-keeps-formulas',
    behaviour: 'The plain text number format `@` keeps number- and date-like strings as text but does not stop `=`.',
    documented: 'setNumberFormat documents the format strings; nothing says whether `@` stops a formula.',
    doc: `${RANGE}#setNumberFormat(String)`,
    file: 'services/cell-input.ts',
  },
  {
    id: 'plain-text-keeps-apostrophe',
    behaviour: "A string starting with ' written to a cell formatted as plain text `@` keeps the apostrophe as text.",
    documented:
      'A leading apostrophe keeps what follows as text; what it does in a cell already formatted as plain text is ' +
      'not documented.',
    doc: `${RANGE}#setNumberFormat(String)`,
    file: 'services/cell-input.ts',
  },
  {
    id: 'lone-surrogates-replaced',
    behaviour:
      'A string holding half of a character (a UTF-16 surrogate without its pair) is stored with U+FFFD, the ' +
      'replacement character, in its place.',
    documented:
      'Nothing says how a cell stores a string that is not well-formed UTF-16; storage and the Sheets API speak ' +
      'UTF-8, which cannot hold half of a character.',
    doc: `${RANGE}#setValues(Object)`,
    file: 'services/cell-input.ts',
  },
  {
    id: 'cell-limit-counts-apostrophe',
    behaviour:
      'A string over 50,000 characters is refused with "Your input contains more than the maximum of 50000 ' +
      'characters in a single cell.", counted as given: a leading apostrophe counts.',
    documented:
      'The 50,000-character cell limit and its message are what Sheets reports; how the apostrophe counts is not ' +
      'documented.',
    doc: 'https://support.google.com/drive/answer/37603',
    file: 'services/cell-input.ts',
  },
  {
    id: 'non-finite-numbers-refused',
    behaviour: 'NaN and ±Infinity written to a cell are refused.',
    documented: 'setValue takes "the value for the range"; what a non-finite number becomes is not said.',
    doc: `${RANGE}#setValue(Object)`,
    file: 'services/cell-input.ts',
  },
  {
    id: 'objects-refused-in-cells',
    behaviour: "An object, array or function written as one cell's value is refused with the signature message.",
    documented: 'setValue takes an Object; what an object that is not a Date becomes is not said.',
    doc: `${RANGE}#setValue(Object)`,
    file: 'services/cell-input.ts',
  },
  {
    id: 'typed-dates-and-numbers',
    behaviour:
      'Strings are read as a person typing them in the en_US locale: `1,000`, `3%`, `$5` and `1e3` are numbers; ' +
      '`2026-01-10`, `1/10/2026`, `1/10` (this year) and `13:30` are dates in the spreadsheet time zone.',
    documented:
      'Sheets converts typed values by the spreadsheet locale; the exact patterns Apps Script writes are not listed.',
    doc: 'https://support.google.com/docs/answer/56470',
    file: 'services/cell-input.ts',
  },
  {
    id: 'two-digit-years',
    behaviour: 'A typed two-digit year means 1930 to 2029.',
    documented: 'Not documented for Apps Script writes.',
    doc: 'https://support.google.com/docs/answer/56470',
    file: 'services/cell-input.ts',
  },
  {
    id: 'formulas-not-evaluated',
    behaviour:
      'Formulas are stored but never evaluated: a formula cell reads `#ERROR!`, unless a test gave it the result ' +
      'Sheets would compute (EmulatedSpreadsheet.setFormulaResult).',
    documented: 'getValue returns the computed value; the emulator has no formula engine.',
    doc: `${RANGE}#getValue()`,
    file: 'model/cell-reading.ts',
  },
  {
    id: 'formula-error-values',
    behaviour:
      'A formula whose result is an error reads as the error text Sheets shows (`#REF!`, `#N/A`, `#VALUE!`, ' +
      '`#DIV/0!`, `#NAME?`, `#NUM!`, `#NULL!`, `#ERROR!`), a string, through getValue(s) and getDisplayValue(s) alike.',
    documented:
      'getValues: "The values may be of type Number, Boolean, Date, or String, depending on the value of the cell"; ' +
      'error values are not mentioned, and getDisplayValues gives the cell as shown. Sheet Plan checks both, so ' +
      'either spelling of an error is caught.',
    doc: `${RANGE}#getValues()`,
    file: 'model/cell-reading.ts',
  },
  {
    id: 'display-values',
    behaviour:
      'getDisplayValue(s) applies no number format but plain text: numbers print as JavaScript prints them, dates ' +
      'as M/d/yyyy (with H:mm:ss when they have a time of day), booleans as TRUE/FALSE.',
    documented: 'getDisplayValue "takes into account date, time and currency formatting"; the defaults are not listed.',
    doc: `${RANGE}#getDisplayValue()`,
    file: 'model/cell-reading.ts',
  },
  {
    id: 'automatic-number-format',
    behaviour: 'getNumberFormat of a cell nobody formatted is `0.###############`.',
    documented: 'The reference does not say what an untouched cell reports.',
    doc: `${RANGE}#getNumberFormat()`,
    file: 'services/range.ts',
  },
  {
    id: 'set-formula-without-equals',
    behaviour: 'setFormula with text that does not start with `=` is written as setValue would write it.',
    documented: 'setFormula takes "the formula to set for the cell"; other text is not covered.',
    doc: `${RANGE}#setFormula(String)`,
    file: 'services/range.ts',
  },
  {
    id: 'append-empty-row',
    behaviour: 'appendRow([]) is refused.',
    documented: 'appendRow takes "an array of values"; an empty one is not covered.',
    doc: `${SHEET}#appendRow(Object)`,
    file: 'services/sheet.ts',
  },
  {
    id: 'inserted-rows-empty',
    behaviour: "Inserted rows start empty, without the neighbouring row's formatting.",
    documented: 'The insertRow… methods do not say what the new rows hold.',
    doc: `${SHEET}#insertRowsBefore(Integer,Integer)`,
    file: 'services/sheet.ts',
  },
  {
    id: 'new-sheet-size',
    behaviour: 'A new sheet is 1000 rows by 26 columns, and grows only by inserting or appending rows.',
    documented: 'insertSheet does not give the new grid size (1000 x 26 is what the Sheets UI makes).',
    doc: 'https://developers.google.com/apps-script/reference/spreadsheet/spreadsheet#insertSheet(String)',
    file: 'model/emulated-sheet.ts',
  },
  {
    id: 'quoted-sheet-names',
    behaviour:
      'In A1 notation a sheet name needs quotes unless it is letters, digits and underscores not starting with a ' +
      "digit: `My Sheet!A1` is refused, `'My Sheet'!A1` is found.",
    documented:
      '"Single quotes are required for sheet names with spaces or special characters"; which characters count is ' +
      'not listed.',
    doc: 'https://developers.google.com/sheets/api/guides/concepts#cell',
    file: 'model/a1-notation.ts',
  },
  {
    id: 'sheet-names',
    behaviour:
      'A new sheet name may not match another ignoring case, be blank or exceed 100 characters; getSheetByName ' +
      'finds a sheet ignoring case (`agent_base` finds AGENT_BASE), under any fold of case: lower, upper, or ' +
      "letter by letter (`AGENT_HİSTORY` finds AGENT_HISTORY, as Java's equalsIgnoreCase would), and so does " +
      "Spreadsheet.getRange('agent_base!C1:D2'), as a formula's reference does. Whether and how " +
      'Google folds case is not documented; finding it is the stricter reading for Sheet Plan, whose rules must keep ' +
      'its own sheets out under any spelling.',
    documented:
      'insertSheet and getSheetByName do not state these rules (the Sheets UI applies them); Sheets keeps no two ' +
      'sheets whose names differ only in case.',
    doc: 'https://developers.google.com/apps-script/reference/spreadsheet/spreadsheet#getSheetByName(String)',
    file: 'services/sheet-names.ts',
  },
  {
    id: 'results-carried-like-arguments',
    behaviour:
      'A result of google.script.run or scripts.run follows the rules for parameters: a Date, function, class ' +
      'instance, Map or Promise fails the call; undefined in an array becomes null; an undefined property is left out.',
    documented:
      'The rules are documented for parameters of google.script.run, and scripts.run results are "primitive types"; ' +
      'what happens to a returned Date or Promise is not said.',
    doc: 'https://developers.google.com/apps-script/guides/html/reference/run',
    file: 'runtime/transport.ts',
  },
  {
    id: 'no-container-outside-the-document',
    behaviour:
      'In a web app (doGet/doPost) or scripts.run execution of a bound script, none of its special methods reach ' +
      'the container: getActiveSpreadsheet() and getActive() answer null, getDocumentProperties(), ' +
      'getDocumentLock() and getDocumentCache() answer null, and getUi() throws "Cannot call SpreadsheetApp.getUi() ' +
      'from this context." Only SpreadsheetApp.openById and the script\'s own stores reach the sheet there.',
    documented:
      'The bound-scripts guide lists the "special methods" of a bound script (getActiveSpreadsheet() and the like ' +
      '"allow bound scripts to refer to their parent file without referring to the file\'s ID", getUi(), document ' +
      'properties, the document lock) and says they are not available when the script runs as a web app or through ' +
      'the Apps Script API; getDocumentLock and getDocumentProperties "return null" outside a containing document. ' +
      'Field reports differ on what a scripts.run execution really gets: the emulator takes the null side.',
    doc: 'https://developers.google.com/apps-script/guides/bound#special_methods',
    file: 'runtime/execution-scope.ts',
  },
  {
    id: 'simple-trigger-authorization',
    behaviour:
      'In AuthMode.LIMITED (onOpen, onEdit) MailApp, ScriptApp.newTrigger/getProjectTriggers/deleteTrigger, openById ' +
      '(even of the bound file) and Ui.showSidebar throw "You do not have permission to call X. Required ' +
      'permissions: <scope>"; the bound file, properties, cache, lock, menus, Ui.alert and HtmlService are allowed.',
    documented:
      'Simple triggers "cannot access services that require authorization" and "cannot access other files"; which ' +
      'ones is not listed. Words and scopes are those developers report; Ui.alert and HtmlService name no such scope.',
    doc: 'https://developers.google.com/apps-script/guides/triggers#restrictions',
    file: 'runtime/execution-scope.ts',
  },
  {
    id: 'open-by-id-unknown',
    behaviour:
      'SpreadsheetApp.openById with an id other than the emulated spreadsheet\'s throws "Unexpected error while ' +
      'getting the method or property openById on object SpreadsheetApp."',
    documented:
      'openById "opens the spreadsheet with the given ID"; the error for one that cannot be opened is not given.',
    doc: 'https://developers.google.com/apps-script/reference/spreadsheet/spreadsheet-app#openById(String)',
    file: 'services/spreadsheet-app.ts',
  },
  {
    id: 'delete-gives-old-value-only',
    behaviour: "Delete on one cell runs onEdit with `oldValue` (the cell's content before) and no `value`.",
    documented:
      '`value` is the "new cell value after the edit", `oldValue` the "cell value prior to the edit", both only for ' +
      'a single cell; what Delete gives is not spelled out.',
    doc: 'https://developers.google.com/apps-script/guides/triggers/events#edit',
    file: 'person-edits.ts',
  },
  {
    id: 'paste-gives-no-values',
    behaviour: 'A paste runs onEdit with the pasted range and neither `value` nor `oldValue`, even for one cell.',
    documented: 'Both are documented only for an edit of a single cell; a paste is not covered.',
    doc: 'https://developers.google.com/apps-script/guides/triggers/events#edit',
    file: 'person-edits.ts',
  },
  {
    id: 'undo-fires-onedit-without-values',
    behaviour: 'An undo puts back what the last edit replaced and runs onEdit with neither `value` nor `oldValue`.',
    documented: 'The trigger runs "when a user changes a value in a spreadsheet"; undo is not mentioned.',
    doc: 'https://developers.google.com/apps-script/guides/triggers#onedite',
    file: 'person-edits.ts',
  },
  {
    id: 'unflushed-writes-unseen',
    behaviour:
      "A script's cell writes are pending until it calls SpreadsheetApp.flush() or ends: another execution reads " +
      'those cells (and getLastRow) as they were, its writer reads its own writes. Releasing a lock commits nothing; ' +
      'inserting or deleting rows commits every pending write of the sheet.',
    documented:
      'flush: "Spreadsheet operations are sometimes bundled together to improve performance"; releaseLock: call ' +
      'SpreadsheetApp.flush() first "to commit all pending changes to the spreadsheet before another script can ' +
      'access it". When unflushed changes reach others is not said: the emulator takes the latest moment.',
    doc: 'https://developers.google.com/apps-script/reference/lock/lock#releaseLock()',
    file: 'model/emulated-sheet.ts',
  },
  {
    id: 'locks-per-object',
    behaviour: 'Two Lock objects of one execution contend like two executions; only the one that acquired it holds it.',
    documented: 'The reference speaks of "the lock" per scope; several Lock objects in one execution are not covered.',
    doc: 'https://developers.google.com/apps-script/reference/lock/lock',
    file: 'services/lock-service.ts',
  },
  {
    id: 'cache-limits',
    behaviour: 'A value over 100,000 UTF-8 bytes is refused; an expiration outside 1 to 21,600 seconds is refused.',
    documented:
      'The Cache reference gives "100KB per key" and a maximum of 21600 seconds; it does not say how either is ' +
      'enforced.',
    doc: 'https://developers.google.com/apps-script/reference/cache/cache',
    file: 'services/cache-service.ts',
  },
  {
    id: 'property-limits',
    behaviour:
      'A property whose key and value exceed 9,000 UTF-8 bytes, or a store that would exceed 500,000, is refused ' +
      'and nothing is written.',
    documented: 'The quotas page gives "9 KB / val" and "500 KB / property store"; what counts, and how, is not said.',
    doc: 'https://developers.google.com/apps-script/guides/services/quotas',
    file: 'services/properties-service.ts',
  },
  {
    id: 'unknown-time-zone',
    behaviour: 'Utilities.formatDate refuses a time zone it does not know.',
    documented: 'The time zone is a string such as "GMT"; an unknown one is not covered (Java would use GMT).',
    doc: 'https://developers.google.com/apps-script/reference/utilities/utilities#formatDate(Date,String,String)',
    file: 'services/utilities.ts',
  },
  {
    id: 'digest-default-charset',
    behaviour:
      'Utilities.computeDigest(algorithm, string) without a charset refuses a string with characters outside ASCII ' +
      '(pass Utilities.Charset.UTF_8); the digest comes back as signed bytes (-128 to 127), as a Java byte[] does.',
    documented:
      'computeDigest(algorithm, value) "Compute a digest using the specified algorithm on the specified String ' +
      'value"; which charset it encodes the string with is not said. It returns Byte[].',
    doc: 'https://developers.google.com/apps-script/reference/utilities/utilities#computeDigest(DigestAlgorithm,String)',
    file: 'services/utilities.ts',
  },
  {
    id: 'web-app-url-outside-requests',
    behaviour:
      "ScriptApp.getService().getUrl() answers the deployment's /exec URL only in a web-app (or Apps Script API) " +
      'execution; in a sidebar, menu or trigger execution it answers the /dev URL, which only editors can open.',
    documented:
      'getUrl "Returns the URL of the web app, if it has been deployed; otherwise returns null. If you are running ' +
      'the development mode web app, this returns the development mode url." Which URL other executions get is not ' +
      'said; developers report the /dev one from google.script.run and triggers.',
    doc: 'https://developers.google.com/apps-script/reference/script/service#getUrl()',
    file: 'services/script-app.ts',
  },
  {
    id: 'html-output-width',
    behaviour: "An HtmlOutput's width is null until set.",
    documented: 'getWidth "gets the initial width"; the default is not given.',
    doc: 'https://developers.google.com/apps-script/reference/html/html-output#getWidth()',
    file: 'services/html-service.ts',
  },
  {
    id: 'service-errors-named-exception',
    behaviour: "A service failure reaches the script as an Error named Exception, with Google's message.",
    documented: 'The troubleshooting guide shows errors as "Exception: <message>"; the Error\'s name is not specified.',
    doc: 'https://developers.google.com/apps-script/guides/support/troubleshooting',
    file: 'runtime/execution-scope.ts',
  },
  {
    id: 'get-ui-outside-window',
    behaviour:
      'SpreadsheetApp.getUi() throws "Cannot call SpreadsheetApp.getUi() from this context." in a scripts.run ' +
      'execution, a trigger without a window, and a script not bound to the document.',
    documented:
      'getUi "returns an instance of the spreadsheet\'s user-interface environment"; where it fails, and how, is ' +
      'not said.',
    doc: 'https://developers.google.com/apps-script/reference/spreadsheet/spreadsheet-app#getUi()',
    file: 'services/spreadsheet-app.ts',
    live: { function: 'showPlanSidebar', errorMatches: 'Cannot call SpreadsheetApp\\.getUi\\(\\) from this context' },
  },
  {
    id: 'activate-without-window',
    behaviour:
      "Range.activate() in a 'ui' execution (a menu item, google.script.run from a sidebar) selects the range in " +
      "the person's window; in scripts.run and triggers it changes only the execution's active sheet, no one's " +
      'selection.',
    documented:
      'activate "sets the specified range as the active range, with the top left cell in the range as the current ' +
      'cell"; what it does where there is no window is not said.',
    doc: `${RANGE}#activate()`,
    file: 'services/range.ts',
  },
  {
    id: 'script-function-not-found',
    behaviour:
      'Calling a function the project does not declare at the top level, or a private one (ending in _), fails ' +
      'with the ScriptError "Script function not found: <name>".',
    documented: 'scripts.run needs "the name of the function to execute"; the error for a missing one is not given.',
    doc: 'https://developers.google.com/apps-script/api/reference/rest/v1/scripts/run',
    file: 'load-bundle.ts',
    live: { function: 'noSuchFunction', errorMatches: 'Script function not found: noSuchFunction' },
  },
  {
    id: 'ten-million-cells-message',
    behaviour:
      'insertSheet, insertRows… and appendRow refuse to grow the grids past 10,000,000 cells in all (rows × columns ' +
      'of every sheet, filled or not) with "This action would increase the number of cells in the workbook above ' +
      'the limit of 10000000 cells.", and change nothing.',
    documented:
      'The limit is documented ("Up to 10 million cells or 18,278 columns"); Apps Script\'s message for it is not: ' +
      'the wording is the one the Sheets API gives.',
    doc: 'https://support.google.com/drive/answer/37603',
    file: 'services/cell-limit.ts',
  },
  ...WEB_APP_ASSUMPTIONS,
  {
    id: 'mail-quota',
    behaviour:
      'MailApp keeps 100 recipients a day for the whole spreadsheet (a consumer account; the count does not reset in ' +
      'an emulated spreadsheet), counts each address of a comma-separated recipient, refuses more than 50 recipients ' +
      'in one message or a body (text and HTML together) over 200,000 UTF-8 bytes, and records the e-mail instead of ' +
      'sending it.',
    documented:
      'getRemainingDailyQuota: "Quotas are based on the number of email recipients"; the quotas page lists 100 ' +
      'recipients a day for consumer accounts (1,500 for Workspace), 50 recipients per message and a body of 200 KB ' +
      'per message (400 KB for Workspace). The error ' +
      "messages' wording is not documented.",
    doc: 'https://developers.google.com/apps-script/guides/services/quotas',
    file: 'services/mail-app.ts',
  },
  {
    id: 'triggers-per-user',
    behaviour:
      'ScriptApp.newTrigger(…).create() refuses a 21st trigger of one user in the project ("This script has too many ' +
      'triggers…"). A one-off time-driven trigger that fired stays listed by getProjectTriggers, and counts, until ' +
      'the script deletes it; it never runs again.',
    documented:
      'The quotas page lists "Triggers: 20 / user / script" among the current limitations. Whether a fired one-off ' +
      'trigger is removed from the project is not documented.',
    doc: 'https://developers.google.com/apps-script/guides/services/quotas',
    file: 'model/project-triggers.ts',
  },
  {
    id: 'one-off-trigger-schedule',
    behaviour:
      'Only one-off time-driven triggers are emulated: timeBased().after(ms) (a whole number of milliseconds, 0 or ' +
      'more) or .at(date), then create(); create() without either is refused. The trigger runs at exactly its due ' +
      "time on the emulator's clock (runDueTriggers), never before.",
    documented:
      'ClockTriggerBuilder.after: "Specifies the minimum duration (in milliseconds) after the current time that the ' +
      'trigger runs. The actual duration might vary, but won\'t be less than your specified minimum." What create() ' +
      'does without a schedule is not documented.',
    doc: 'https://developers.google.com/apps-script/reference/script/clock-trigger-builder#after(Integer)',
    file: 'services/script-triggers.ts',
  },
  {
    id: 'delete-trigger-once',
    behaviour:
      'ScriptApp.deleteTrigger refuses a trigger that was deleted already; getProjectTriggers lists only the ' +
      "running user's triggers.",
    documented:
      'getProjectTriggers: "Gets all installable triggers associated with the current project and current user." ' +
      'deleteTrigger: "Removes the given trigger so it no longer runs." Deleting one twice is not documented.',
    doc: 'https://developers.google.com/apps-script/reference/script/script-app#deleteTrigger(Trigger)',
    file: 'services/script-app.ts',
  },
  {
    id: 'time-trigger-no-container',
    behaviour:
      'A time-driven trigger runs as the user who created it, in AuthMode.FULL, with no active spreadsheet, document ' +
      'properties, document lock or UI: the script opens its spreadsheet by id. Its event holds authMode and ' +
      'triggerUid.',
    documented:
      'The events guide lists authMode, triggerUid and the date parts for time-driven events; installable triggers ' +
      '"always run under the account of the person who created them". Whether getActiveSpreadsheet() answers in a ' +
      "bound script's time-driven trigger is not documented.",
    doc: 'https://developers.google.com/apps-script/guides/triggers/events#time-driven_events',
    file: 'load-bundle.ts',
  },
];
