/**
 * The page's first script (sidebar/build.mjs): it draws the plan's checklist the server sent (./first-paint.ts), then
 * runs the page's own script after the frame that shows it. That script is most of the page's bytes; held as text
 * (an element of type text/plain, which the browser does not compile), it costs the first frame nothing. Without a
 * checklist with a task (no plan yet, or a page opened by hand) it runs at once.
 */
import { firstPaint } from './first-paint';
import { SESSION_GLOBAL, type SidebarSession } from './protocol';

/** The element that holds the page's script as text (sidebar/build.mjs writes it). */
export const CODE_ID = 'sheet-plan-code';

let started = false;

/** A script parsed from text does not run by itself: a new script element with the same text does. */
function start(): void {
  if (started) return;
  started = true;
  const code = document.getElementById(CODE_ID)!;
  const script = document.createElement('script');
  script.text = code.textContent ?? '';
  code.replaceWith(script);
}

const checklist = (window as unknown as Record<string, SidebarSession | undefined>)[SESSION_GLOBAL]?.checklist;
// A plan without tasks is not drawn: the panel has more to say about it than an empty list.
if (checklist?.phases.some((phase) => phase[3].length)) {
  document.getElementById('app')!.innerHTML = firstPaint(checklist);
  // An animation frame waits until the checklist is drawn; a hidden page draws nothing, so a timer starts it there.
  requestAnimationFrame(() => setTimeout(start));
  setTimeout(start, 250);
} else {
  start();
}
