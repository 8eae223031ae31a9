/**
 * The statuses styles/status-icons.css draws; any other status of the table is drawn as a ring around its checkbox
 * character. Its own module, without preact: the server's first paint (./first-paint.ts) draws the same icons.
 */
const DRAWN = new Set(['todo', 'doing', 'done', 'blocked', 'review', 'skipped']);

/** The icon's class suffix (`status-<suffix>`): the status when the stylesheet draws it, else `other`. */
export const iconKind = (status: string): string => (DRAWN.has(status) ? status : 'other');
