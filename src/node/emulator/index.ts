/**
 * An in-memory emulation of the Apps Script services Sheet Plan uses, for integration tests, the
 * local server (`npm start`) and benchmarks. It follows Google's documented behaviour; where that
 * is silent it is stricter than Google, and says so where it decides.
 *
 * - EmulatedSpreadsheet: one document (sheets, cells, properties, caches, locks); outlives executions.
 * - createExecution: one script run's globals, call log, fault injection and UI record.
 * - loadBundle / runFunction / runSimpleTrigger: run dist/Code.js against them, in this process.
 * - runDueTriggers: runs the installable time-driven triggers the emulator's clock says are due.
 * - editAsPerson: a person's edit (typing, a paste, Delete, undo) and the onEdit trigger it fires.
 * - runWebApp: a web app request (doGet/doPost) and what Google serves for it.
 * - ExecutionPool: runs executions at the same time, each script on its own thread, as Google does.
 */
export {
  EmulatedSpreadsheet,
  DEFAULT_TIME_ZONE,
  type SentMail,
  type SpreadsheetOptions,
} from './model/emulated-spreadsheet';
export { describeSentMail } from './services/mail-app';
export { SPREADSHEET_JSON_FORMAT, type SpreadsheetJson } from './model/spreadsheet-json';
export type { CellValue } from './model/cell';
export { LockTable, type LockScope, type LockStatistics } from './model/lock-table';
export {
  createExecution,
  Execution,
  DEFAULT_USER,
  API_EXECUTION,
  WEB_APP_EXECUTION,
  type AppsScriptGlobals,
  type ExecutionOptions,
} from './execution';
export { OUTSIDE_THE_DOCUMENT, type AuthModeName, type ExecutionContextKind } from './runtime/execution-scope';
export { countCalls, callMatches, type CallFilter, type CallRecord, type ServiceName } from './runtime/call-log';
export { FaultInjector } from './runtime/faults';
export type { LogEntry } from './runtime/log-entries';
export {
  UiRecord,
  type AlertRecord,
  type ButtonName,
  type ButtonSetName,
  type MenuEntry,
  type MenuRecord,
  type SidebarRecord,
} from './runtime/ui-record';
export { toTransportValue, TransportError, type JsonValue } from './runtime/transport';
export { editAsPerson, editCellAsPerson, type PersonEdit } from './person-edits';
export {
  BUNDLE_FILE,
  bundleFunctionNames,
  loadBundle,
  runFunction,
  runDueTriggers,
  runOnEdit,
  runSimpleTrigger,
  runTimeTrigger,
  runWebApp,
  type BundleContext,
  type RunOutcome,
  type ScriptFailure,
  type SimpleTriggerOptions,
  type WebAppOutcome,
} from './load-bundle';
export { MimeType } from './services/content-service';
export {
  BURST_MESSAGE,
  DEFAULT_BURST_LIMIT,
  NOTHING_RETURNED,
  webAppEvent,
  type BurstLimit,
  type WebAppAnswer,
  type WebAppRequest,
} from './web-app';
export { ASSUMPTIONS, type EmulatorAssumption } from './assumptions';
export { MAX_CELL_CHARACTERS } from './services/cell-input';
export { AuthMode } from './services/script-app';
export { MAX_TRIGGERS_PER_USER, type ProjectTrigger } from './model/project-triggers';
export { Button, ButtonSet } from './services/ui';
export {
  ExecutionPool,
  ExecutionRefused,
  EXECUTION_TIME_LIMIT_MS,
  MAX_EXECUTIONS_PER_USER,
  type PoolOptions,
  type PoolStatistics,
} from './pool/execution-pool';
