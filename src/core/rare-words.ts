/**
 * Refusals the core throws only for a rare request, one function each, `{name}` standing for a value the refusal
 * fills in (`filled`, ./text.ts). Apps Script compiles and evaluates the whole of Code.js on every execution, so the
 * bundle does not carry these: scripts/build.mjs writes them into RareTexts.html and builds Code.js with functions of
 * the same names in this module's place, which read them from there when a refusal needs one
 * (src/apps-script/rare-texts.ts). Every other build (the sidebar, which takes only those it uses, the Node side, the
 * tests of src/core) has them as they are here.
 *
 * Only texts of an agent's or a sidebar's call, or of the e-mail trigger (mailBody), belong here: a person's edit of
 * the cell runs in onEdit, a simple trigger, which reads no project file (src/apps-script/rare-texts.ts).
 */
import { formatsOfArguments } from './api/argument-formats';
import { MOVE_TARGET_FORMAT, TITLES_FORMAT } from './api/format-words';
import { NOTHING_WRITTEN, NOTHING_WRITTEN_SENTENCE } from './errors';

/** A change that writes a Working line for another holder (./features/claims.ts). */
export const claimForged = () =>
  'Only Sheet Plan writes a "Working:" line, for the agent that starts the task: the change writes one for ' +
  '"{holder}" under task {step}, and you are {you}. Leave Working lines as they are (startTask claims a task for ' +
  `you); ${NOTHING_WRITTEN}`;

/** A change that writes a Working line ending past a lease from now (./features/claims.ts). */
export const claimTooLong = () =>
  'A claim lasts at most {minutes} minutes from your last call on the task (until {end}); the change writes ' +
  '"Working: {claim}" under task {step}. Leave Working lines to startTask, which writes and renews them; ' +
  NOTHING_WRITTEN;

/** A change that writes a Working line on a task it does not start (./features/claims.ts). */
export const dashInTitle = () =>
  '{name} must not contain " — " (or " -- "): in a task line it starts the reason or note. Use a comma or ' +
  'parentheses instead';

export const unclosedBacktick = () =>
  '{name} has a backtick that opens code it never closes, which would run on into a note: close it (`code`) or ' +
  'leave it out';

export const onlyTodoRemoved = () =>
  'Only a todo task can be removed: {started}. Skip it instead (skipTask with the reason), which keeps it in the plan';

export const stepListedTwice = () => 'Step {step} is listed {count} times (lines {lines}); renumber the plan first';

export const movedAway = () =>
  'Task {was} is "{title}" now: {by} renumbered the plan, and the task you hold, "{own}", is {now}. Call again ' +
  'with {now}; or, to act on "{title}" after all, first start it, or note your task at {now}, in a call of its own ' +
  `(that shows you have the new numbers); ${NOTHING_WRITTEN}`;

export const claimNotStarted = () =>
  'A claim is written by starting the task: task {step} is not started by this change and you held no claim on ' +
  `it. Call startTask("{step}") to claim it; ${NOTHING_WRITTEN}`;

/** A task added to or moved into a phase read without its heading (./replan/replan-shape.ts). */
export const phaseWithoutHeading = () =>
  'Phase {phase} is read from a section without a "### Phase N: Name" heading, so tasks cannot be added to or ' +
  'moved into it; adoptFormat() writes that heading for every phase (every task keeps its step)';

/** A request id used again for another change (./write-path/request-ids.ts). */
export const requestIdReused = () =>
  'requestId {id} was already used for {call} (revision {revision}); a request id names one change: send a new ' +
  `id for a new change. ${NOTHING_WRITTEN_SENTENCE}`;

/** A request id whose first answer was too large to remember (./write-path/request-ids.ts). */
export const answerNotKept = () =>
  'The change with requestId {id} was already applied (revision {revision}), but its answer ({size} characters) ' +
  `was too large to remember; read the plan (getPlan) to see it. ${NOTHING_WRITTEN_SENTENCE} again`;

/** A request id sent again after the plan changed (./write-path/request-ids.ts). */
export const answerOutdated = () =>
  'The change with requestId {id} was already applied (revision {revision}); the plan has changed since (now ' +
  `revision {now}, by {by}), so its answer cannot be repeated: read the plan (getPlan). ${NOTHING_WRITTEN_SENTENCE} ` +
  'again';

/** A relay address that is none, in the person's settings (./person/settings.ts). */
export const relayUrl = () =>
  'relayUrl: "{text}" is not a relay\'s address: give its https origin, like ' +
  'https://sheet-plan-relay.you.workers.dev (http only for 127.0.0.1 or localhost), with no path';

/** A write over cells that an agent wrote under a task it still holds (./sheet/sheet-rules.ts). */
export const claimedCells = () =>
  '{target} overlaps {range}, which {holder} wrote under task {step}, claimed until {until}: the cells stay ' +
  "{holder}'s while the claim lasts, so you ({you}) cannot overwrite them. Write other cells, wait until the claim " +
  `ends, or ask the person to release the claim in the sidebar; ${NOTHING_WRITTEN}`;

/** A done task while a Check line the person approved is gone from the plan (./features/checks.ts). */
export const approvedCheckGone = () =>
  'The person approved "{check}" under task {task}, which the plan no longer has: no task is done until they ' +
  `approve the plan again (in the sidebar); ${NOTHING_WRITTEN}`;

/** An agent's change of a task that waits for a person: a review item, a blocked task (./rules/held-items.ts). */
export const heldForPerson = () =>
  'Task {step} is {status}; only a person can {what} it: they approve it or request changes in the sidebar, which ' +
  'puts it back as {queue}';

/** A cell value of writeRange's `{ "date": … }` form that is no date (./sheet/cell-values.ts). */
export const notADate = () =>
  '{where}.date must be an ISO 8601 date-time of a real day, with Z or an offset, like "2026-01-10T00:00:00-05:00" ' +
  '(got {got})';

/** A write over cells that a task waiting for the person's review wrote (./sheet/sheet-rules.ts). */
export const cellsInReview = () =>
  "{target} overlaps {range}, which task {step} wrote, and task {step} waits for the person's review: its cells stay " +
  `as the person sees them until they decide. Write other cells, or wait for their decision; ${NOTHING_WRITTEN}`;

/** An agent's completion of a task whose Check line cannot be read (./rules/done-checks.ts). */
export const checkLineUnreadable = () =>
  'Task {step} cannot be completed: its check line "Check: {line}" cannot be read ({why}). ' +
  `${NOTHING_WRITTEN_SENTENCE}; write the line again (replacePlan) or call reviewTask to ask the person`;

/** An After line naming a step the plan does not have (./rules/dependencies.ts). */
export const waitsForNoStep = () =>
  'Step {step} waits for {other}, which is not in the plan: it would never start (name a step of the plan, or ' +
  'remove it from the After line)';

/** After lines that wait in a circle (./rules/dependencies.ts). */
export const waitInCircle = () =>
  'Steps {circle} wait for each other, so none of them can start: take one step off an After line (→ reads ' +
  '"waits for")';

/** Request options sent before the function's own arguments (./write-path/request-ids.ts). */
export const requestOptionsEarly = () =>
  '{function} got request options as argument {at}: {shape} go after all of them (send null for one left out); ' +
  NOTHING_WRITTEN;

/** A change of the settings that changes none of them (./person/settings.ts). */
export const noSettingChanged = () =>
  'settings must change at least one of approvalRequired, afterFinish, mailWhenWaiting, mailTo, relayUrl';

/** An agent's new plan with a task under way (./features/tasks.ts). */
export const newPlanUnderWay = () =>
  'Task {step} of a new plan is under way (started, done or claimed): its tasks come from its phases, not started; ' +
  NOTHING_WRITTEN;

/** An agent's whole-document write that marks the plan done (./rules/lifecycle.ts). */
export const doneByFinishPlan = () =>
  '"Status: {status}" is written by finishPlan(summary) once every task is finished, which also archives the plan; ' +
  NOTHING_WRITTEN;

/** writeRange's values with rows of different lengths (./sheet/cell-values.ts). */
export const rowsUneven = () =>
  'values[{row}] has {cells} cells but values[0] has {first}; every row needs the same number (use null for an empty ' +
  'cell)';

/** A request id of the wrong shape (./write-path/request-ids.ts). */
export const requestIdShape = () =>
  'requestId must be 8 to 64 letters, digits, "-" or "_" (a UUID works) (got {got}); nothing was written';

/** The e-mail's subject when more than one thing waits (./person/notifications.ts). */
export const mailSubject = () => 'Sheet Plan: {count} things wait for you in {sheet}';

/**
 * The e-mail's body: what waits, `{items}` a line `- …` each, a link that opens the sheet, and, at its foot, how often
 * the person is e-mailed and how to stop it, `{setting}` the setting's label (./person/notifications.ts). Only an
 * agent's change or the e-mail trigger sends one, never a simple trigger.
 */
export const mailBody = () =>
  'The agent\'s plan in "{sheet}" waits for you:\n\n{items}\n\nOpen the sheet: {url}\n(In the sheet, the menu ' +
  'Agent Plan > Open plan shows what waits.)\n\nSheet Plan sends at most one e-mail every 10 minutes per plan. To ' +
  'stop these e-mails, open the sheet, then\nAgent Plan > Open plan > Settings, and untick "{setting}".';

/** finishPlan while tasks are open, `{count}` of them, `{are}` is or are, `{listed}` the first ten (./use-cases). */
export const tasksOpen = () =>
  'Every task must be done or skipped before the plan is finished; {count} {are} not: {listed}. ' +
  NOTHING_WRITTEN_SENTENCE;

/** validatePlan's warning of a Working line ending past a lease from now, `{claim}` its words (./rules/validate.ts). */
export const claimNotHonoured = () =>
  'The Working line under {step} ("Working: {claim}") ends more than {minutes} minutes from now, which no start or ' +
  'renewal writes: it is not honoured, and any agent may take the task. Sheet Plan writes Working lines itself ' +
  '(startTask); delete this one';

/** validatePlan's warning of a task in a section where a checklist is text, `{section}` its name (validate.ts). */
export const taskInSection = () =>
  'is in the "{section}" section, where a checklist is part of the text, not a task; move it under a phase heading ' +
  'to make it one';

/** validatePlan's warnings of a line that looks like a task but is not read (./rules/validate.ts's UNREAD_WORDS). */
export const emojiBox = () => 'has an emoji where the box should be; write "- [x] Title" for a finished task';
export const inComment = () => 'is inside an HTML comment (<!-- … -->), which Markdown does not show';
export const inHtml = () => 'is inside an HTML block; leave a blank line after the HTML to make it a task';
export const noSpaceAfterMarker = () => 'has no space between the list marker and the box; write "- [ ] Title"';
export const wideBox = () => 'has a box that is not one character ([ ], [x], [/], [>], [!], [-])';

/** validatePlan's warning of a task without a step number, read as `{step}` (./rules/validate.ts). */
export const stepDerived = () =>
  'The task on line {line} has no step number; it is read as step {step}, which changes if tasks are added above ' +
  'it. adoptFormat() writes the numbers into the plan';

/** validatePlan's warning of a Working line without a time it can read (./rules/validate.ts). */
export const claimUnreadable = () =>
  'The Working line under {step} says no time Sheet Plan can read, so it holds nothing: any agent may take the ' +
  'task. Write "until 2026-11-26 14:30" (or "until 14:30" for today) after the name';

/** Text holding a lone UTF-16 surrogate, which a cell does not keep as sent (./api/argument-check.ts). */
export const halfCharacter = () =>
  '{path} holds half of a character (a UTF-16 surrogate, U+D800 to U+DFFF, without its pair), which a cell does not ' +
  'keep as sent; send whole characters';

/** A read or write of more cells than one call covers, `{nothing}` what was not done (./sheet/sheet-rules.ts). */
export const rangeTooLarge = () =>
  '{range} is {cells} cells; a {call} covers at most {most}. {nothing}; ask for fewer rows at a time';

/** A read or write of one of Sheet Plan's own sheets (./sheet/sheet-rules.ts). */
export const ownSheet = () =>
  "{sheet} is Sheet Plan's own sheet; use getPlan, getHistory and getWriteLog for what it holds. {nothing}";

/** A write to a Write range added since the plan a person last approved, `{listed}` its (./sheet/sheet-rules.ts). */
export const rangeNotApproved = () =>
  "{range} is in the plan's Write ranges, but not in those of the plan a person last approved ({listed}): ranges " +
  `added since wait until a person approves the plan again in the sidebar. ${NOTHING_WRITTEN_SENTENCE}`;

/** Values of more cells than one write sets (./sheet/cell-values.ts). */
export const tooManyCells = () =>
  'values hold {cells} cells ({rows} rows × {columns} columns); a write sets at most {most}. ' +
  `${NOTHING_WRITTEN_SENTENCE}; write the rows in parts`;

/** A change of a task another agent holds, `{what}` the change in words (./rules/claims.ts, ./features/claims.ts). */
export const claimedTask = () =>
  'Task {step} is claimed by {claim}, so you ({you}) cannot {what}: take another task (getNextTask passes over ' +
  `claimed ones), wait until the claim ends, or ask the person to release it in the sidebar; ${NOTHING_WRITTEN}`;

/** Two such changes: another agent's Working line dropped or changed, the task moved to another phase. */
export const takeOverClaim = () => "take over or remove another agent's claim";
export const moveToPhase = () => 'move it to another phase';
export const changeUnder = () => 'change what is under it (its details, Check or After lines, sub-steps)';
export const personDecides = () => 'Only a person can {action} a task {held}, in the sidebar';
export const annotationKept = () =>
  "Task {step} is {status}; its {word} cannot be removed, only replaced (or change the task's status)";

/** A person's function called by an agent, `{what}` it does (./write-path/plan-revisions.ts). */
export const personOnly = () => 'Only a person can {what}, in the sidebar';

/** An agent's start of a task finished since it read the plan (./features/tasks.ts). */
export const finishedAlready = () =>
  'Task {step} is {was} already (maybe by another agent since you read the plan): take the next task ' +
  `(getNextTask), or reopenTask first if it must be done again; ${NOTHING_WRITTEN}`;

/** An agent's start of a task that waits for others (./rules/dependencies.ts), `{fix}` for a step not in the plan. */
export const waitingTask = () =>
  'Task {step} waits for {unfinished}: it can start once they are done or skipped (getNextTask answers a task that ' +
  'can start now){fix}';

/** An agent's change that moves a task that waits for others into work (./features/dependencies.ts). */
export const waitingChange = () =>
  'Task {step} waits for {unfinished}: it can start once they are done or skipped (getNextTask answers a task that ' +
  `can start now); ${NOTHING_WRITTEN}{fix}`;

/**
 * An agent's change that moves a task into work while the After line the person approved under it waits, `{unfinished}`
 * by the steps its tasks have now (a task the plan no longer has by its title, quoted) (./features/dependencies.ts).
 */
export const approvedWaits = () =>
  'Task {step} waits for {unfinished}, as an After line the person approved says (under it, or under a task the plan ' +
  'no longer has by its title, which may be it renamed): it can start once they are done or skipped, or once the ' +
  'person approves the plan again (in the sidebar); ' +
  NOTHING_WRITTEN;

/** What either adds for a step not in the plan (`{fix}`), `{whose}` naming the After line (./rules/dependencies.ts). */
export const stepNeverDone = () => '; a step not in the plan is never done: fix {whose} "After:" line';

/** An agent's change of what waits for the person, `{items}` (./rules/held-items.ts). */
export const heldItemsChanged = () =>
  'Only a person may change what waits for them: {items}. ' +
  `${NOTHING_WRITTEN_SENTENCE}; keep {them} as {they} ({paths})`;

/** An agent's completion of a task whose Check lines fail, `{failures}` how (./rules/done-checks.ts). */
export const checksFailed = () =>
  `Task {step} cannot be completed: {failures}. ${NOTHING_WRITTEN_SENTENCE}; fix those cells (writeRange) and ` +
  'complete it again, or call reviewTask to ask the person';

/** A change that removes (or renames and moves) a task whose Check lines fail (./rules/done-checks.ts). */
export const checksFailedRemoval = () =>
  'Task {step} cannot leave the plan unfinished (removed, renamed and moved in one change, or left behind by a new ' +
  'plan): {failures}. ' +
  `${NOTHING_WRITTEN_SENTENCE}; fix those cells (writeRange) and try again, skip it, or call reviewTask to ask the ` +
  'person';

/** replacePlan of a revision the plan has moved past, `{since}` the revision the caller read (./use-cases). */
export const planChanged = () =>
  'The plan changed since {since}: it is now revision {now} (last changed by {by}). ' +
  `${NOTHING_WRITTEN_SENTENCE}; reload it and apply your change again`;

/** A person's approval of a plan that changed since they read it (./use-cases/plan-lifecycle.ts). */
export const planChangedUnapproved = () =>
  'The plan changed since you read it: it is now revision {now} (last changed by {by}). ' +
  `${NOTHING_WRITTEN_SENTENCE}; look at it again before you approve it`;

/** A person's decision on a task that is no longer the one step they saw, `{now}` what there is (./person/seen.ts). */
export const taskNotSeenGone = () =>
  `Task {step} changed since you saw it: you saw {saw}, and {now}. ${NOTHING_WRITTEN_SENTENCE}; look at it again ` +
  'before you decide';

/** A person's decision on a task that changed since they saw it (./person/seen.ts). */
export const taskNotSeen = () =>
  `Task {step} changed since you saw it: you saw {saw}, it is now {now}. ${NOTHING_WRITTEN_SENTENCE}; look at it ` +
  'again before you decide';

/** A person's answer to a question that changed since they saw it (./person/seen.ts). */
export const questionNotSeen = () =>
  `Question {number} changed since you saw it: you saw "{saw}", {now}. ${NOTHING_WRITTEN_SENTENCE}; look at it ` +
  'again before you decide';

/** A call that needs a plan where the plan cell holds none (./write-path/plan-revisions.ts). */
export const noPlan = () =>
  'No plan in {cell}; call initPlan() for a starter plan or createPlan(title, goal, phases) to write one';

/** replacePlan of no text, or of the text the plan has already; restoreRevision of it (./use-cases/documents.ts). */
export const noMarkdown = () => 'markdown must be the whole plan as non-empty text';
export const sameText = () => 'The new text is the same as the plan; nothing to change';
export const sameRevision = () => 'Revision {revision} is the same text as the plan now; nothing to restore';

/** A revision the history lacks (`{saved}`: those it holds), a plan the archive lacks (`{ids}`) (./use-cases). */
export const revisionNotKept = () => 'Revision {revision} is not in the history ({saved})';
export const notArchived = () => 'Plan {id} is not in the archive ({ids})';

/** finishPlan of a plan done already, or of one without tasks (./use-cases/plan-lifecycle.ts). */
export const doneAlready = () => 'The plan is already marked done; createPlan() starts the next one';
export const noTasksToFinish = () => `The plan has no tasks to finish; ${NOTHING_WRITTEN}`;

/** A plan longer than its cell holds, `{where}` its longest parts (./rules/plan-size.ts). */
export const planTooLarge = () =>
  'The plan would be {size} characters; {place} holds at most {most}. ' +
  `${NOTHING_WRITTEN_SENTENCE}; shorten it by at least {over} characters{where}`;

/** A plan that starts with an apostrophe, which its cell drops (./rules/plan-size.ts). */
export const planApostrophe = () =>
  'The plan cannot start with an apostrophe, which {place} drops (a person deletes one there). ' +
  NOTHING_WRITTEN_SENTENCE;

/** Request options that are no object, or with keys of their own (./write-path/request-ids.ts). */
export const requestOptionsShape = () => '{shape} must be { "requestId": "…" } (got {got})';
export const requestOptionKeys = () => `{shape} take only requestId and agent (got {got}); ${NOTHING_WRITTEN}`;

/** The person's e-mail addresses, one not an address or too many (./person/settings.ts). */
export const notAnAddress = () => 'mailTo: "{address}" is not an e-mail address (like dana@example.com)';
export const tooManyAddresses = () => 'mailTo takes at most {most} addresses (got {got})';

/** A write under a step the plan does not have, `{steps}` those it has (./sheet/sheet-rules.ts). */
export const noTaskToWrite = () => `Task {step} not found (steps: {steps}). ${NOTHING_WRITTEN_SENTENCE}`;

/** A write under a task another agent holds (./sheet/sheet-rules.ts). */
export const claimedTaskCells = () =>
  'Task {step} is claimed by {claim}, so you ({you}) cannot write cells under it: write under a task you started. ' +
  NOTHING_WRITTEN_SENTENCE;

/** A write under a task not in progress (./sheet/sheet-rules.ts), `{now}` naming those in progress. */
export const notStarted = () =>
  `Task {step} is {status}, not in progress; start it first (startTask("{step}")){now}. ${NOTHING_WRITTEN_SENTENCE}`;
export const notInProgress = () =>
  `Task {step} is {status}, not in progress; write under a task in progress{now}. ${NOTHING_WRITTEN_SENTENCE}`;

/** What a write refused by the plan's Write ranges adds for the lines not read as ranges (./sheet/sheet-rules.ts). */
export const unreadRanges = () =>
  " (not read as ranges: {listed}; a Write line names a range as Sheets writes it: Summary!B3:C5, or 'Sales " +
  "Summary'!B3:C5 for a sheet name of more than one word)";

/** A task action its task's status does not lead to (./rules/actions.ts). */
export const cannotBecome = () => 'Cannot {action} task {step}: it is {status}, and from there it can become {allowed}';

/** A step a command needs, not given; a line of text that is none, has a break or a done date (./api/arguments.ts). */
export const noStepGiven = () => '{name} must be a step number like "1.2" or "2.1.3" (got nothing)';
export const notALine = () => '{name} must be a single line of text (got {got})';
export const lineBreakInLine = () =>
  '{name} must be a single line of text; it contains a line break or a control character';
export const doneDateInLine = () =>
  '{name} must not contain a done date ("✅ YYYY-MM-DD"): it would be read back as one';

/** The Notes line for a dependency dropped with the task it named (./replan/dependency-carry.ts). */
export const noLongerWaits = () => '{waiting} no longer waits for {step} ({title}), which was removed';

/** What adoptFormat's rewrite would do that it may not (./format/adopt.ts). */
export const adoptChangesTask = () => 'change how the task on line {line} reads';
export const adoptMakesTask = () => 'make "{title}" a task, which it is not now';

/** A text argument longer than its rule allows (./api/arguments.ts). */
export const tooLong = () => '{name} is {length} characters long; at most {most} are allowed';

/** A task change whose answer finds no task where the change put it: a defect (./use-cases/reading.ts). */
export const noTaskAtLine = () => 'No task at line {line} after the change';

/** A rule of an argument naming a pattern the checks do not have: a defect of the argument rules (./api/). */
export const unknownArgumentPattern = () =>
  "The argument pattern /{pattern}/ is not one of argument-check's TEXT_PATTERNS";

/** How a plan gets approved or sent back: said by the guard's refusal (./rules/held-items.ts) and the next two. */
export const planApprovalPath = () =>
  'a person approves the plan in the sidebar (Agent Plan → Open plan), or sends it back with a comment, which ' +
  "the plan's Status line then holds (the plan's summary shows it)";

/** Work (a start, a completion) on a plan that waits for the person's approval (./rules/lifecycle.ts). */
export const planHasNoStatus = () =>
  'The plan has no Status line, so it is a draft: the person asked to approve plans before an agent starts work. ' +
  'Re-planning (addTask, renameTask, replacePlan…) is still allowed and marks it "Status: draft"; {path}';
export const planIsDraft = () =>
  'The plan is a draft: the person asked to approve plans before an agent starts work.{said} Re-planning (addTask, ' +
  'renameTask, replacePlan…) is still allowed; {path}';

/** A formula written while the plan allows none (./sheet/sheet-rules.ts). */
export const formulaNotAllowed = () =>
  '{cell} is a formula, and the plan does not allow formulas. Write its value instead, or ask the person to add ' +
  `"- Formulas: allowed" to the plan's Analysis. ${NOTHING_WRITTEN_SENTENCE}`;

/** A formula allowed by the plan but not by the one a person last approved (./sheet/sheet-rules.ts). */
export const formulaNotApproved = () =>
  '{cell} is a formula, and the plan a person last approved does not allow formulas. Write its value instead, or ask ' +
  `the person to approve the plan again in the sidebar. ${NOTHING_WRITTEN_SENTENCE}`;

/** writeRange's values of another shape than rows of cells (./sheet/cell-values.ts). */
export const valuesShape = () =>
  'values must be a list of rows, each a list of cells: [["SKU", 12], ["B-7", 3]] (got {got})';
export const firstRowEmpty = () =>
  'values[0] must be a non-empty list of cells; values must be a list of rows, each a list of cells: ' +
  '[["SKU", 12], ["B-7", 3]]';

/** A cell of writeRange's values of no form a cell takes (./sheet/cell-values.ts). */
export const cellForm = () =>
  '{where} must be text, a number, true/false, null (empty), { "date": "2026-01-10T00:00:00-05:00" } or ' +
  '{ "formula": "=SUM(A1:A3)" } (got {got})';

/** A cell's text longer than a cell holds (./sheet/cell-values.ts). */
export const cellTooLong = () =>
  '{where} is {size} characters; a cell holds at most {most} here (50,000 with the text marker)';

/** A formula cell that is no formula (./sheet/cell-values.ts). */
export const formulaCell = () => '{where}.formula must start with "=" and fit in a cell (got {got})';

/**
 * How a person changes what waits for them, as the refusal of an agent's change of it says (./rules/held-items.ts): a
 * review item and its decision, a decision line in Notes, an answer, the comment after the plan's status.
 */
export const reviewDecisionPath = () => 'a person approves a review item or requests changes in the sidebar';
export const decisionLinePath = () =>
  "only a person's decision in the sidebar writes it; a line right under one is shown as part of it unless it starts " +
  'a new item at the margin ("- …"), a heading, or a paragraph after a blank line';
export const answerPath = () => 'a person answers questions in the sidebar';
export const statusNotePath = () => 'only the person writes the text after the status, in the sidebar';

/** A held item's change in the same refusal (./rules/held-items.ts): `{change}` is added, changed or removed. */
export const wouldBe = () => 'would be {change}';
export const takenAway = () => 'would be taken away';
export const dropped = () => 'would be dropped';
export const withdrawn = () => 'would be withdrawn';
export const heldDecisionWords = () => 'the person\'s decision "{words}" on task {task}';
export const heldStatusNote = () => `the person's comment on the plan's status ("{note}")`;

/** What the same refusal says of a task a change gives a twin (./rules/held-items.ts). */
export const heldTaskTwinned = () => 'would get a twin (give the new task another title)';

/** adoptFormat's refusal of a rewrite that would change what the plan says, `{change}` (./format/adopt.ts). */
export const rewriteRefused = () =>
  `Rewriting the plan would {change}; ${NOTHING_WRITTEN}. Edit that line by hand, or leave the plan as it is (it is ` +
  'read as it stands)';

/**
 * adoptFormat on a plan in the canonical format already (./format/adopt.ts); releaseClaim of a task no one holds.
 * Why initPlan and adoptFormat replaced a text, in the history (./use-cases/plan-setup.ts, documents.ts).
 */
export const notAPlan = () => 'text in the plan cell that was not a plan';
export const rewritten = () => 'rewritten into the canonical format';
export const adoptedAlready = () => 'The plan is already in the canonical format; nothing to change';
export const nothingToRelease = () => 'Task {step} has no Working line: nobody holds it; nothing to release';

/** A decision on a finished plan, the person's approval of a plan approved already (./rules/lifecycle.ts). */
export const doneNotDecided = () => 'The plan is done; there is nothing to approve or send back';
export const approvedAlready = () => 'The plan is already approved';

/** A move of task `{step}` after itself or its own sub-step; an add command's `after` that is no step (./replan/). */
export const afterItself = () => 'Task {step} cannot go after itself or one of its own sub-steps';
export const addAfterStep = () => 'after must be the step the new task goes after, like "1.2" (got {got})';
/** Re-planning a plan whose steps are listed twice or misnumbered: `{problems}`, each with its line (./replan). */
export const fixFirst = () => 'The plan must be fixed before tasks are added, moved or removed: {problems}';
/**
 * A change that changes nothing: a rename of task `{step}` to the title it has, `{title}`, a move of it to where it is
 * (./replan/replan.ts), a task action that would leave its line as it is (./rules/actions.ts).
 */
export const calledAlready = () => 'Task {step} is already called "{title}"; nothing to change';
export const thereAlready = () => 'Task {step} is already there; nothing to change';
export const readsAlready = () => 'Task {step} already reads that way; nothing to change';
/**
 * Task `{step}` read from a section without a phase heading: moved or added (./replan), warned of (./rules/validate.ts,
 * which also warns of a step numbered for another phase and of a status no one defined).
 */
export const noPhaseHeading = () =>
  'Task {step} is not under a "### Phase N: Name" heading; adoptFormat() writes one for its section';
export const outsidePhase = () => 'Step {step} is not under a "### Phase N: Name" heading';
export const misnumbered = () => 'Step {step} is under Phase {phase}; its number should start with {phase}.';
export const unknownStatus = () => '{task} has status "[{symbol}]"; known statuses are {known}';
/**
 * The formats' words (JSON), a step sent as a number, a list too long (./api/argument-check.ts); a write under a plan
 * with no Write range (./sheet/sheet-rules.ts); a new phase without steps, a move without a place (./replan/replan.ts).
 */
export const argumentFormats = () => JSON.stringify(formatsOfArguments());
export const stepAsNumber = () =>
  '{path} must be text like "1.2", not the number {value} (numbers lose trailing zeros: 1.10 becomes 1.1)';
export const tooManyItems = () => '{path} holds {count} items; at most {most} are allowed';
export const noWriteRanges = () =>
  '{target} is outside the plan: it declares no Write ranges{unread}. Add one under Analysis → Target ranges ' +
  `("  - Write: Summary!B3:E15") and have the plan approved. ${NOTHING_WRITTEN_SENTENCE}`;
export const noSteps = () => `steps must be ${TITLES_FORMAT} (got {got})`;
export const noMoveTarget = () => `after must be ${MOVE_TARGET_FORMAT} (got nothing)`;
