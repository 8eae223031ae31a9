/** The Agent Plan menu's title and the item that opens the plan: what messages tell a person to click. */
export const MENU_TITLE = 'Agent Plan';
export const OPEN_PLAN_ITEM = 'Open plan';
