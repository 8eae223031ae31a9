/** Times as the person reads them (../person-time.ts), kept current while the sidebar stays open. */
import { createContext } from 'preact';
import { useContext, useEffect, useState } from 'preact/hooks';
import { claimWords, personTime } from '../person-time';

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

/**
 * Who claims the task and until when, in the person's zone (claimWords): once the claim has ended it holds nothing,
 * though its line stays until released.
 */
export function ClaimUntil({ by, until }: { by: string; until: string }) {
  const now = useNow();
  return <>{claimWords(by, until, useContext(SheetZone), now)}</>;
}
