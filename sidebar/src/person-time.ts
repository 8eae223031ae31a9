/**
 * One clock: every time the sidebar shows is in the person's own zone and format (the browser's), with how far it
 * is from now ("11:54 AM · in 22 min"). The plan's own wall-clock times (a claim's `until 2026-11-28 06:54`) are in
 * the spreadsheet's zone: they are converted with it, and the Markdown keeps its own form.
 */

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})$/;

/** How far the zone's wall clock is ahead of UTC at `instant`, in ms; null for a zone the browser does not know. */
function zoneOffsetMs(instant: number, timeZone: string): number | null {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    }).formatToParts(new Date(instant));
  } catch {
    return null;
  }
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour') % 24, get('minute'));
  return asUtc - Math.floor(instant / 60_000) * 60_000;
}

/** The instant a `YYYY-MM-DD HH:MM` wall-clock time in `timeZone` names; null when either cannot be read. */
export function wallClockInstant(text: string, timeZone: string): Date | null {
  const match = WALL_CLOCK.exec(text.trim());
  if (!match || !timeZone) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number);
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const offset = zoneOffsetMs(asUtc, timeZone);
  if (offset === null) return null;
  // Near a daylight-saving change the offset at the guess may not be the offset at the answer: take the second.
  const second = zoneOffsetMs(asUtc - offset, timeZone) ?? offset;
  return new Date(asUtc - second);
}

/** `11:54 AM` today, `Nov 27, 11:54 AM` another day: the browser's own zone and format. */
export function clockTime(date: Date, now: Date): string {
  const time = date.toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' });
  return date.toDateString() === now.toDateString()
    ? time
    : `${date.toLocaleDateString([], { month: 'short', day: 'numeric' })}, ${time}`;
}

/** `22 min`, `3 h 5 min`, `2 days`: the distance between two times, rounded to the minute. */
export function distance(from: Date, to: Date): string {
  const minutes = Math.round(Math.abs(to.getTime() - from.getTime()) / 60_000);
  if (minutes < 1) return 'less than a minute';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 && hours < 10 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  return `${Math.round(hours / 24)} days`;
}

/** `11:54 AM · in 22 min` or `11:24 AM · 8 min ago`; the ISO text itself when it is not a time. */
export function personTime(iso: string, now: Date): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const gap = date.getTime() - now.getTime();
  if (Math.abs(gap) < 60_000) return `${clockTime(date, now)} · just now`;
  const relative = gap > 0 ? `in ${distance(now, date)}` : `${distance(date, now)} ago`;
  return `${clockTime(date, now)} · ${relative}`;
}

/** A claim's end: `until 11:54 AM · 22 min`, or `until 2026-11-28 06:54 (sheet time)` when the zone is unknown. */
export function claimUntil(until: string, timeZone: string, now: Date): string {
  const date = wallClockInstant(until, timeZone);
  if (!date) return `until ${until} (sheet time)`;
  if (date.getTime() <= now.getTime()) return `until ${clockTime(date, now)} · ended ${distance(date, now)} ago`;
  return `until ${clockTime(date, now)} · ${distance(now, date)}`;
}

/** Who claims a task and until when: `Ana works on it until 11:54 AM · 22 min`, `worked` once the claim has ended. */
export function claimWords(by: string, until: string, timeZone: string, now: Date): string {
  const end = wallClockInstant(until, timeZone);
  const verb = end && end.getTime() <= now.getTime() ? 'worked' : 'works';
  return `${by} ${verb} on it ${claimUntil(until, timeZone, now)}`;
}
