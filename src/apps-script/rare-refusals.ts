/**
 * Refusals that only a rare request meets (and a few rare warnings of runs that may read files: the menu's, the
 * sidebar's, the e-mail trigger's; never onEdit's or onOpen's), kept in RareTexts.html rather than dist/Code.js
 * (./rare-texts.ts says why), one function each, `{name}` standing for a value the refusal fills in (`filled`).
 * scripts/build.mjs writes them into that file and builds Code.js with functions of the same names in this module's
 * place, which read them from there (as it does src/core/rare-words.ts's); every other build (the tests, the Node
 * side) has them as they are here.
 */
import { NOTHING_WRITTEN, NOTHING_WRITTEN_SENTENCE } from '../core/errors';
import { MENU_TITLE, OPEN_PLAN_ITEM } from './menu-names';

/** Said after a sidebar function is refused for want of a live session. */
const SIDEBAR_ONLY =
  'Sidebar functions are called by a person from the Agent Plan sidebar (Agent Plan → Open plan), never through ' +
  'the Apps Script API';

/** The menu's answers when nothing waits: no task to start (then the progress), nothing to review (./menu.ts). */
export const noTaskWaiting = () => 'No task is waiting to be started.\n{progress}';
export const nothingToReview = () => 'Nothing is waiting for your review.';

/** A name that is not one of the agent functions, asked of ./api.ts (a defect of the caller's table). */
export const notAgentFunction = () => '{name} is not an agent function (src/apps-script/api.ts)';

/** A name the sidebar gives changes of a person or of Sheet Plan, given to an agent (./agent-keys.ts). */
export const reservedName = () =>
  '"{text}" is what the sidebar calls changes made by a person or by Sheet Plan itself; {field} may not be one ' +
  'of these reserved names (whatever their case and spacing): "api", {names}. Give the agent a name of its own, ' +
  `such as "Claude on my laptop"; ${NOTHING_WRITTEN}`;

/** A connected agent's name, given to a new one (./agent-keys.ts). */
export const agentNamed = () =>
  'An agent named "{name}" is connected already; give this one another name (its changes are recorded under it), ' +
  'or revoke the other first';

/** The most agents a sheet keeps, all connected (./agent-keys.ts). */
export const agentsMost = () =>
  'This sheet has {count} agents connected, the most it keeps ({most}); revoke one you no longer use first';

/** The agents' list past its script property's room, `{bytes}` (./agent-keys.ts). */
export const agentsFull = () =>
  'The list of agents would not fit in its script property ({bytes} bytes); revoke an agent you no longer use, or ' +
  'choose a shorter name';

/** A sidebar function called without a sidebar session, `{got}` what came instead (./person-token.ts). */
export const noSession = () => `No sidebar session (got {got}). ${SIDEBAR_ONLY}`;

/** A sidebar function called with a session the cache no longer has (./person-token.ts). */
export const sessionGone = () =>
  'The sidebar session has expired or is unknown; close the sidebar and open it again (Agent Plan → Open plan). ' +
  SIDEBAR_ONLY;

/** A sidebar session opened on another spreadsheet (./person-token.ts). */
export const otherSpreadsheet = () =>
  'This sidebar session belongs to another spreadsheet; open the sidebar from this one (Agent Plan → Open plan)';

/** What the menu's Initialize plan says when it could not set the plan's sheet up (./menu.ts). */
export const notSetUp = () =>
  'The {sheet} sheet could not be set up: {reason}\nCheck your access to the spreadsheet and try again.';

/** What the menu's Show next task says without a plan (./menu.ts). */
export const noPlanYet = () => '{cell} holds no plan yet. Use Agent Plan → Initialize plan.';

/** A read or write of a sheet there is not (./sheet-work.ts). */
export const noSheetNamed = () => 'No sheet named "{name}"; listSheets() names the sheets there are';

/** Why an e-mail was not sent, in the execution's log (./mail-notifier.ts). */
export const noOneToMail = () =>
  'no one to e-mail (the spreadsheet has no owner, as in a shared drive): set addresses in Settings';
export const mailQuotaUsed = () =>
  "today's e-mail quota is used up; the e-mail waits for the next change after the quota resets";
export const mailFailed = () => 'the e-mail to the person could not be sent; it waits for the next change';
export const triggerNotDeleted = () => 'the trigger {id} could not be deleted';

/** Connecting or revoking an agent while another execution holds the lock (./agent-keys.ts). */
export const agentsBusy = () => 'Another execution is changing Sheet Plan; nothing was changed. Try again in a moment';

/** A value past the last argument an agent function takes (./checked-arguments.ts). */
export const oneTooMany = () => 'argument {place} is one too many: {name} takes {count} at most';

/** A revoke of an id of the wrong shape, or of no connected agent, `{known}` those connected (./agent-keys.ts). */
export const agentIdShape = () => 'id must be the id of a connected agent (got {got})';
export const noAgentWithId = () => 'No connected agent has the id "{id}" (connected: {known})';

/** An undo of an id of the wrong shape (./sheet-work.ts). */
export const undoIdShape = () => "id must be a write's id from the write log (got {got})";

/** Keep all, with nothing in the log to keep (./write-log.ts). */
export const nothingToKeep = () => 'No write in the log can be undone now; there is nothing to keep';

/** An undo of a read, or of a refused write, by its log entry's id (./sheet-work.ts). */
export const undoRead = () => 'Entry {id} is a read; only writes are undone';
export const undoRefused = () => 'Entry {id} is a refused write, which wrote nothing; only writes are undone';

/** An undo of a write undone before (./sheet-work.ts). */
export const undoneAlready = () => 'The write to {range} was already undone ({at})';

/** An undo of a write the person kept (./sheet-work.ts). */
export const undoKept = () => 'The write to {range} was kept; it can no longer be undone';

/**
 * Text for a plain-text cell that it may read as a formula (./sheet-work.ts, src/core/sheet/cell-values.ts
 * readsAsFormulaInPlainText): to be written, to be put back by an undo, or put back by an undo now.
 */
export const plainTextFormula = () =>
  '{value} ({text}) starts with =, + or - and is not a plain number, and cell {cell} of {sheet} is formatted as ' +
  'plain text (@), where Sheets may read such text as a formula: it cannot be written there as text. Text that ' +
  'starts otherwise, and numbers such as -5, can. Nothing was written; send a formula as {"formula": "…"} where ' +
  'the plan allows formulas, or ask the person to format the cell as automatic';
export const plainTextHeld = () =>
  'Cell {cell} of {sheet} is formatted as plain text (@) and holds {text}, which starts with =, + or -: such a ' +
  'cell may read it as a formula if it were put back, so a write over it could not be undone. Nothing was ' +
  'written; ask the person to format the cell as automatic, or write elsewhere';
export const plainTextUndo = () =>
  'Not undone: cell {cell} of {sheet} is formatted as plain text (@) now, where {text}, which starts with =, + or ' +
  '-, may be read as a formula; format the cell as automatic, then undo again; nothing was changed';

/** An undo of a write the log no longer has (./sheet-work.ts). */
export const notInLog = () =>
  'Write {id} is not in the write log (it keeps the last entries only); nothing was changed';

/**
 * A text of 50,000 characters a cell would not keep as text, for what it starts with (./cell-values.ts
 * requireStorable).
 */
export const textTooLarge = () =>
  '{what} is {length} characters, and {place} holds at most {most} of a text that starts with "{first}". ' +
  `${NOTHING_WRITTEN_SENTENCE}; shorten it by at least {over} characters`;

/** An undo whose record cannot be read (./sheet-work.ts). */
export const recordUnreadable = () => 'The undo record of the write to {range} is unreadable';

/** An undo on a sheet that was deleted since (./sheet-work.ts). */
export const sheetGone = () => 'Not undone: the sheet "{sheet}" no longer exists; nothing was changed';

/** A range link to a sheet the spreadsheet no longer has (./sidebar.ts). */
export const noSheetToSelect = () =>
  'This spreadsheet has no sheet named "{sheet}", so {range} cannot be selected (sheets: {sheets})';

/** A range link past the sheet's grid (./sidebar.ts). */
export const outsideSheet = () => '{range} is outside the sheet "{sheet}" ({rows} rows, {columns} columns)';

/**
 * An undo of a write that a later write, which can still be undone, overlaps (./sheet-work.ts): undone out of
 * order, it would put back values the later write replaced. Only a person undoes, in the sidebar, which lists a
 * write under its task: the later write's task says where (above or below this one).
 */
export const undoCovered = () =>
  'Not undone: a later write to {range}, listed under task {step}, covers these cells; undo it first; nothing was ' +
  'changed';

/** An agent's name that is no name: empty, too long, or over more than one line (./agent-keys.ts). */
export const agentNameShape = () =>
  '{field} must be text of 1 to {most} characters on one line, something visible, without half characters, such ' +
  'as "Claude on my laptop" (got {got})';

/** A write to an open-ended range (whole columns or rows), and the cells `{shape}` of values would fill. */
export const openWrite = () =>
  '{range} is open-ended; a write names its cells: {target} for {shape} of values (or just its first cell)';

/** A write whose values are not the size of the range it names (./sheet-work.ts). */
export const writeSize = () =>
  '{range} is {size} cells but values are {shape}; send values of its size, or name the first cell only ({first})';

/** A person's function called where no spreadsheet is open: scripts.run, the web app (./spreadsheet-access.ts). */
export const noSpreadsheetOpen = () =>
  'A person’s call needs the spreadsheet open in front of them (its sidebar or menu); this execution has none';

/** A range past the sheet's grid, with what the service said (./sheet-work.ts). */
export const pastTheEdge = () => '{range} goes past the edge of {sheet} ({message}); listSheets() gives its size';

/** The user cache missing when the sidebar opens (./person-token.ts). */
export const noUserCache = () => 'SERVICE_ERROR: the user cache is not available, so the sidebar cannot open';

/** An agent's call before a person's run told Sheet Plan its spreadsheet (./spreadsheet-access.ts): the real menu. */
export const notConnected = () =>
  `Sheet Plan does not know its spreadsheet yet: a person must open the spreadsheet and choose ${MENU_TITLE} → ` +
  `${OPEN_PLAN_ITEM} once, so that Sheet Plan knows which spreadsheet it belongs to. Nothing was read or written; ` +
  'try again after that';

/** One cell of such an undo: what it holds now, and what the agent wrote there (./sheet-work.ts). */
export const cellChanged = () => '{cell} now holds {now} (the agent wrote {wrote})';

/** An undo of cells edited since the agent wrote them, `{differences}` saying how (./sheet-work.ts). */
export const undoChanged = () =>
  'Not undone: {range} changed since the agent wrote it: {differences}. An undo never overwrites later edits; ' +
  'nothing was changed';

/**
 * An undo of a write whose rows read otherwise beside it since (./sheet-work.ts): sorted, moved by rows inserted or
 * deleted above them, or edited. The written cells may still hold what the agent wrote (one value in every row), but
 * what they replaced belongs to the records that stood in those rows then.
 */
export const rowsMoved = () =>
  'Not undone: the rows of {range} no longer hold beside it what they held when the agent wrote it (columns: ' +
  '{columns}). They were sorted, moved by rows inserted or deleted above them, or edited since, so the old values ' +
  'would go back beside other records. Nothing was changed; put back by hand what still belongs there';

/** A keep of the undoable writes after the log changed under the person's eyes (./write-log.ts). */
export const logChanged = () =>
  'The log holds {count} writes that can be undone now, not the {seen} you saw (the agent wrote or a write was ' +
  `undone since); look at them again. ${NOTHING_WRITTEN_SENTENCE}`;

/** A call whose `agent` option names another agent than its key's (./agent-identity.ts). */
export const agentMismatch = () =>
  'agent is {named}, but this call comes with the key of {caller}: the agent option names a caller without a key; ' +
  NOTHING_WRITTEN;

/** An entry point the bundle declares that nothing implements (./main.ts): a defect of the build. */
export const noImplementation = () => '{name} has no implementation in src/apps-script/main.ts';

/** The sidebar's Initialize plan, when the sheet could not be set up (./sidebar.ts). */
export const notInitialized = () => 'The plan could not be initialized: {reason}';

/**
 * Logged, never answered: the menu's Initialize plan set the plan up, and only its alert failed (./menu.ts, a person's
 * run, which may read this file).
 */
export const alertFailed = () => 'the plan is ready, but the alert failed';

/** Logged by the e-mail trigger (./mail-trigger.ts), which reads this file for the e-mail's words anyway. */
export const heldMailNotSent = () => 'the e-mail held back for the person could not be sent';
export const noRetryScheduled = () => 'the plan was busy, and no later try could be scheduled';
