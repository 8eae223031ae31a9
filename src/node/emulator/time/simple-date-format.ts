/**
 * Java's SimpleDateFormat, which Utilities.formatDate follows ("Formats date according to
 * specification described in Java SE SimpleDateFormat class",
 * https://developers.google.com/apps-script/reference/utilities/utilities#formatDate(Date,String,String)),
 * in English, for the pattern letters scripts use: G y M L d D E u a H k K h m s S z Z X, with
 * 'quoted' literals. Week-based letters (Y w W F) are not emulated and say so.
 */
import { timeZoneName, zonedFields, type TimeZone, type ZonedFields } from './time-zones';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const NOT_EMULATED = new Set(['Y', 'w', 'W', 'F']);

type Token = { readonly literal: string } | { readonly letter: string; readonly count: number };

export function formatSimpleDate(epochMilliseconds: number, zone: TimeZone, pattern: string): string {
  const fields = zonedFields(epochMilliseconds, zone);
  return tokenize(pattern)
    .map((token) =>
      'literal' in token ? token.literal : formatField(token.letter, token.count, fields, epochMilliseconds, zone),
    )
    .join('');
}

function tokenize(pattern: string): Token[] {
  const tokens: Token[] = [];
  let index = 0;
  while (index < pattern.length) {
    const char = pattern[index];
    if (char === "'") {
      if (pattern[index + 1] === "'") {
        tokens.push({ literal: "'" });
        index += 2;
        continue;
      }
      let literal = '';
      index++;
      for (;;) {
        if (index >= pattern.length) throw new Error(`Unterminated quote in date pattern "${pattern}"`);
        if (pattern[index] === "'") {
          if (pattern[index + 1] === "'") {
            literal += "'";
            index += 2;
            continue;
          }
          index++;
          break;
        }
        literal += pattern[index++];
      }
      tokens.push({ literal });
    } else if (/[A-Za-z]/.test(char)) {
      let count = 1;
      while (pattern[index + count] === char) count++;
      tokens.push({ letter: char, count });
      index += count;
    } else {
      tokens.push({ literal: char });
      index++;
    }
  }
  return tokens;
}

function formatField(
  letter: string,
  count: number,
  fields: ZonedFields,
  epochMilliseconds: number,
  zone: TimeZone,
): string {
  const hour12 = fields.hour % 12 === 0 ? 12 : fields.hour % 12;
  switch (letter) {
    case 'G':
      return fields.year > 0 ? 'AD' : 'BC';
    case 'y': {
      const year = fields.year > 0 ? fields.year : 1 - fields.year;
      return count === 2 ? pad(year % 100, 2) : pad(year, count);
    }
    case 'M':
    case 'L':
      if (count >= 4) return MONTHS[fields.month - 1];
      if (count === 3) return MONTHS[fields.month - 1].slice(0, 3);
      return pad(fields.month, count);
    case 'd':
      return pad(fields.day, count);
    case 'D':
      return pad(dayOfYear(fields), count);
    case 'E':
      return count >= 4 ? WEEKDAYS[fields.weekday] : WEEKDAYS[fields.weekday].slice(0, 3);
    case 'u':
      return pad(fields.weekday === 0 ? 7 : fields.weekday, count);
    case 'a':
      return fields.hour < 12 ? 'AM' : 'PM';
    case 'H':
      return pad(fields.hour, count);
    case 'k':
      return pad(fields.hour === 0 ? 24 : fields.hour, count);
    case 'K':
      return pad(fields.hour % 12, count);
    case 'h':
      return pad(hour12, count);
    case 'm':
      return pad(fields.minute, count);
    case 's':
      return pad(fields.second, count);
    case 'S':
      return pad(fields.millisecond, count);
    case 'z':
      return timeZoneName(epochMilliseconds, zone, count >= 4 ? 'long' : 'short');
    case 'Z':
      return formatOffset(fields.offsetMinutes, '');
    case 'X':
      if (count > 3) throw new Error(`Invalid ISO 8601 format: length=${count}`);
      if (fields.offsetMinutes === 0) return 'Z';
      if (count === 1) return formatOffset(fields.offsetMinutes, '').slice(0, 3);
      return formatOffset(fields.offsetMinutes, count === 3 ? ':' : '');
    default:
      if (NOT_EMULATED.has(letter)) throw new Error(`Date pattern letter '${letter}' is not emulated`);
      throw new Error(`Illegal pattern character '${letter}'`);
  }
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

function formatOffset(offsetMinutes: number, separator: string): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const minutes = Math.abs(offsetMinutes);
  return `${sign}${pad(Math.floor(minutes / 60), 2)}${separator}${pad(minutes % 60, 2)}`;
}

function dayOfYear(fields: ZonedFields): number {
  const startOfYear = Date.UTC(2000, 0, 1);
  const day = Date.UTC(2000, fields.month - 1, fields.day);
  const leapAdjustment = fields.month > 2 && !isLeapYear(fields.year) ? -1 : 0; // 2000 is a leap year
  return Math.round((day - startOfYear) / 86_400_000) + 1 + leapAdjustment;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}
