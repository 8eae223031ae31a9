/** Times as the person reads them (../person-time.ts), kept current while the sidebar stays open. */
import { createContext } from 'preact';
import { useContext, useEffect, useState } from 'preact/hooks';
import { claimUntil, personTime } from '../person-time';

/** The spreadsheet's time zone (sidebarLoad): the plan's wall-clock times are in it. */
export const SheetZone = createContext('');

/** Now, moved on every half minute while the component is shown: "in 22 min" does not go stale. */
export function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** `11:54 AM · 8 min ago`, the full date and time on hover. */
export function PersonTime({ iso }: { iso: string }) {
  const now = useNow();
  const date = new Date(iso);
  const full = Number.isNaN(date.getTime()) ? iso : date.toLocaleString([], { dateStyle: 'full', timeStyle: 'short' });
  return (
    <time dateTime={iso} title={full}>
      {personTime(iso, now)}
    </time>
  );
}

/** A claim's end in the person's zone: `until 11:54 AM · 22 min`. */
export function ClaimUntil({ until }: { until: string }) {
  const now = useNow();
  return <>{claimUntil(until, useContext(SheetZone), now)}</>;
}
