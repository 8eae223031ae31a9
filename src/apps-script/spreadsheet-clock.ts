/**
 * The plan's clock on Apps Script: dates and wall clocks in the spreadsheet's time zone, asked once per store (and
 * remembered with the spreadsheet's id: ./spreadsheet-access.ts), only when a date or wall clock is written.
 */
import type { Clock } from '../core/write-path/store';
import { spreadsheetTimeZone } from './spreadsheet-access';

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;

export class SpreadsheetClock implements Clock {
  /** The spreadsheet's time zone, once asked. */
  private zone: string | undefined;

  constructor(private readonly spreadsheet: () => Spreadsheet) {}

  today(): string {
    return Utilities.formatDate(new Date(), this.timeZone(), 'yyyy-MM-dd');
  }

  now(): string {
    return new Date().toISOString();
  }

  wallClock(minutesFromNow: number): string {
    const at = new Date(Date.now() + minutesFromNow * 60_000);
    return Utilities.formatDate(at, this.timeZone(), 'yyyy-MM-dd HH:mm');
  }

  /** The spreadsheet's time zone, by today or wallClock: remembered with its id (./spreadsheet-access.ts). */
  private timeZone(): string {
    this.zone ??= spreadsheetTimeZone(this.spreadsheet());
    return this.zone;
  }
}
