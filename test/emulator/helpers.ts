/** Shared set-up for the emulator's own tests: an execution whose services are called directly. */
import {
  createExecution,
  EmulatedSpreadsheet,
  type ExecutionOptions,
  type SpreadsheetOptions,
} from '../../src/node/emulator';

/**
 * The services' own tests run by default in a bound execution without a window (a trigger's), where the container
 * is reachable; the strict contexts outside the document ('api', 'webapp') are chosen where a test is about them.
 */
export const IN_THE_DOCUMENT: ExecutionOptions = { context: 'trigger' };

export function executionOn(spreadsheet: EmulatedSpreadsheet, options: ExecutionOptions = {}) {
  const execution = createExecution(spreadsheet, { ...IN_THE_DOCUMENT, ...options });
  return { execution, ...execution.globals };
}

/** A spreadsheet (default: one sheet, Sheet1) and an execution in the document on it. */
export function fresh(spreadsheetOptions: SpreadsheetOptions = {}, options: ExecutionOptions = {}) {
  const spreadsheet = new EmulatedSpreadsheet(spreadsheetOptions);
  const run = executionOn(spreadsheet, options);
  const active = run.SpreadsheetApp.getActive();
  if (!active) throw new Error('expected a container-bound execution');
  return { spreadsheet, ...run, active };
}

/** The message of what `action` throws (services throw Errors of the script's realm). */
export function thrownMessage(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected the call to throw');
}
