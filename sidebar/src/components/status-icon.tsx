/**
 * Status icons as inline SVG: the status table's glyphs (○ ✓ ⛔ 👀 …) need an emoji font that many computers
 * lack, where they render as empty boxes. The shapes are drawn in currentColor, so each status keeps its
 * colour from the stylesheet; the label comes from the core's status table.
 */
import type { JSX } from 'preact';
import { statusDefinition } from '../../../src/core/format/statuses';

/** A 16 × 16 drawing for each status of the standard table. */
const SHAPES: Readonly<Record<string, JSX.Element>> = {
  todo: <circle cx="8" cy="8" r="6" fill="none" stroke="currentColor" stroke-width="1.6" />,
  // Filled, with a white "play" mark: unlike todo's empty ring at a glance, not half a circle apart.
  doing: (
    <>
      <circle cx="8" cy="8" r="7" fill="currentColor" />
      <path d="M6.3 4.8v6.4L11.2 8z" fill="#fff" />
    </>
  ),
  done: (
    <>
      <circle cx="8" cy="8" r="7" fill="currentColor" />
      <path d="M4.8 8.2l2.2 2.2 4.2-4.6" fill="none" stroke="#fff" stroke-width="1.7" stroke-linecap="round" />
    </>
  ),
  blocked: (
    <>
      <circle cx="8" cy="8" r="7" fill="currentColor" />
      <rect x="4" y="7" width="8" height="2" rx="0.6" fill="#fff" />
    </>
  ),
  review: (
    <>
      <path d="M1 8s2.6-4.6 7-4.6S15 8 15 8s-2.6 4.6-7 4.6S1 8 1 8z" fill="currentColor" />
      <circle cx="8" cy="8" r="2.6" fill="#fff" />
      <circle cx="8" cy="8" r="1.3" fill="currentColor" />
    </>
  ),
  skipped: (
    <>
      <circle cx="8" cy="8" r="6" fill="none" stroke="currentColor" stroke-width="1.6" stroke-dasharray="2.4 2" />
      <path d="M6 5.2L9 8l-3 2.8M9.4 5.2V10.8" fill="none" stroke="currentColor" stroke-width="1.5" />
    </>
  ),
};

/** A status added to the table without a drawing of its own: a ring around its checkbox character. */
function ringWith(symbol: string): JSX.Element {
  return (
    <>
      <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" stroke-width="1.4" />
      <text x="8" y="11.2" text-anchor="middle" font-size="9" font-family="Arial, sans-serif" fill="currentColor">
        {symbol.trim()}
      </text>
    </>
  );
}

/** The status's icon; `decorative` where its label is written beside it anyway. */
export function StatusIcon({ status, decorative = false }: { status: string; decorative?: boolean }) {
  const { label, symbol } = statusDefinition(status);
  const drawing = (
    <svg class="status-svg" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      {SHAPES[status] ?? ringWith(symbol)}
    </svg>
  );
  if (decorative) return <span class={`status-icon status-${status}`}>{drawing}</span>;
  return (
    <span class={`status-icon status-${status}`} title={label}>
      {drawing}
      <span class="visually-hidden">{label}</span>
    </span>
  );
}
