/**
 * Gives `element` the focus, scrolled the least that shows it clear of the sticky error banner and status bar
 * (page.css's scroll-padding-top and scroll-margin-bottom). focus() would centre an element it finds hidden, and the
 * phases that scroll into view above it, laid out only then (content-visibility), would push it back down under the
 * status bar.
 */
export function focusInView(element: HTMLElement): void {
  element.focus({ preventScroll: true });
  element.scrollIntoView({ block: 'nearest' });
}

/**
 * Keeps a control the keyboard moves the focus to clear of the sticky bars while the rows around it are laid out. The
 * browser scrolls the control into view as the focus moves to it, but the rows scrolled into view with it are laid out
 * only in the frames after (content-visibility), and a row the focus passed between two frames (Tab held down on a
 * slow machine) is back at its placeholder height: laid out, the rows above it push the control down under the status
 * bar. And the browser shows a task row's button, not its line, which its focus ring goes around. In each of the three
 * frames the browser renders next (a ResizeObserver's first report), a control still focused whose ring either bar
 * covers is scrolled the least that shows the ring; one in full view stays put, and the focus a click gives (no focus
 * ring) is never scrolled under the pointer.
 */
export function keepFocusInView(): void {
  document.addEventListener('focusin', (event) => {
    const element = event.target as HTMLElement;
    const inFrame = (frames: number) => {
      const observer = new ResizeObserver(() => {
        observer.disconnect();
        if (element !== document.activeElement || !element.matches(':focus-visible')) return;
        // A task row's button draws its focus ring around the whole line: the line is what must show.
        const ringed = (element.matches('.task-row') && element.closest<HTMLElement>('.task-line')) || element;
        if (covered(ringed)) ringed.scrollIntoView({ block: 'nearest' });
        // Observed again after this frame: observed again in it, the body would be reported only with an error.
        if (frames > 1) setTimeout(inFrame, 0, frames - 1);
      });
      observer.observe(document.body);
    };
    inFrame(3);
  });
}

/** Whether the error banner or the status bar covers any of `element`. */
function covered(element: HTMLElement): boolean {
  const { top, bottom } = element.getBoundingClientRect();
  const bar = (selector: string) => document.querySelector(selector)?.getBoundingClientRect();
  return top < (bar('.error-banner')?.bottom ?? 0) || bottom > (bar('.status-bar')?.top ?? innerHeight);
}
