/**
 * Wall-clock time in a named time zone, through Intl (which carries the IANA database), plus the
 * fixed-offset ids Java accepts (`GMT+05:30`, `GMT-5`). Apps Script formats with Java's
 * java.util.TimeZone, which silently falls back to GMT for an unknown id; the emulator refuses an
 * unknown id instead (strict: a typo in a time zone should fail a test, not shift every date).
 */

export interface ZonedFields {
  readonly year: number;
  /** 1 to 12. */
  readonly month: number;
  readonly day: number;
  /** 0 to 23. */
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  readonly millisecond: number;
  /** 0 = Sunday … 6 = Saturday. */
  readonly weekday: number;
  /** Minutes ahead of UTC (New York in winter: -300). */
  readonly offsetMinutes: number;
}

export interface WallClock {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour?: number;
  readonly minute?: number;
  readonly second?: number;
}

/** A validated time zone: an IANA id Intl knows, or a fixed offset. */
export type TimeZone =
  | { readonly kind: 'named'; readonly id: string }
  | { readonly kind: 'fixed'; readonly id: string; readonly offsetMinutes: number };

const FIXED_OFFSET = /^(?:GMT|UTC)([+-])(\d{1,2})(?::?(\d{2}))?$/;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The time zone for an id, or undefined when neither Intl nor the fixed-offset form knows it. */
export function findTimeZone(id: string): TimeZone | undefined {
  const fixed = FIXED_OFFSET.exec(id);
  if (fixed) {
    const minutes = Number(fixed[2]) * 60 + Number(fixed[3] ?? 0);
    if (minutes > 18 * 60) return undefined;
    return { kind: 'fixed', id, offsetMinutes: fixed[1] === '-' ? -minutes : minutes };
  }
  try {
    fieldFormatter(id);
    return { kind: 'named', id };
  } catch {
    return undefined;
  }
}

export function zonedFields(epochMilliseconds: number, zone: TimeZone): ZonedFields {
  const millisecond = ((epochMilliseconds % 1000) + 1000) % 1000;
  if (zone.kind === 'fixed') {
    const shifted = new Date(epochMilliseconds + zone.offsetMinutes * 60_000);
    return {
      year: shifted.getUTCFullYear(),
      month: shifted.getUTCMonth() + 1,
      day: shifted.getUTCDate(),
      hour: shifted.getUTCHours(),
      minute: shifted.getUTCMinutes(),
      second: shifted.getUTCSeconds(),
      millisecond,
      weekday: shifted.getUTCDay(),
      offsetMinutes: zone.offsetMinutes,
    };
  }
  const parts: Record<string, string> = {};
  for (const part of fieldFormatter(zone.id).formatToParts(epochMilliseconds)) parts[part.type] = part.value;
  const year = parts.era === 'BC' ? 1 - Number(parts.year) : Number(parts.year);
  const fields = {
    year,
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
  const utcOfWall = withFullYear(
    Date.UTC(fields.year, fields.month - 1, fields.day, fields.hour, fields.minute, fields.second, millisecond),
    fields.year,
  );
  return {
    ...fields,
    millisecond,
    weekday: WEEKDAYS.indexOf(parts.weekday),
    // Historical zones (LMT) have offsets in seconds; SimpleDateFormat shows whole minutes.
    offsetMinutes: Math.round((utcOfWall - epochMilliseconds) / 60_000),
  };
}

/** The instant at which clocks in `zone` show `wall` (the earlier one when clocks go back). */
export function epochFromWallClock(wall: WallClock, zone: TimeZone): number {
  const asUtc = withFullYear(
    Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour ?? 0, wall.minute ?? 0, wall.second ?? 0),
    wall.year,
  );
  const firstGuess = asUtc - zonedFields(asUtc, zone).offsetMinutes * 60_000;
  const offsetAtGuess = zonedFields(firstGuess, zone).offsetMinutes;
  return asUtc - offsetAtGuess * 60_000;
}

/** The zone's name at that instant: `EST` / `Eastern Standard Time` (Intl's English names). */
export function timeZoneName(epochMilliseconds: number, zone: TimeZone, style: 'short' | 'long'): string {
  if (zone.kind === 'fixed') return zone.id;
  const name = new Intl.DateTimeFormat('en-US', { timeZone: zone.id, timeZoneName: style })
    .formatToParts(epochMilliseconds)
    .find((part) => part.type === 'timeZoneName');
  return name?.value ?? zone.id;
}

function fieldFormatter(id: string): Intl.DateTimeFormat {
  let formatter = formatters.get(id);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: id,
      hourCycle: 'h23',
      era: 'short',
      weekday: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(id, formatter);
  }
  return formatter;
}

/** Date.UTC maps years 0–99 to 1900–1999; put such a year back where it belongs. */
function withFullYear(epochMilliseconds: number, year: number): number {
  if (year < 0 || year > 99) return epochMilliseconds;
  const date = new Date(epochMilliseconds);
  date.setUTCFullYear(year);
  return date.getTime();
}
