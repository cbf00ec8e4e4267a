/** Search box strings (spec section 9). */
export const PLACEHOLDER = 'Search...';
export const NO_RESULTS = 'No results found.';
export const CLEAR_TITLE = 'Clear';
export const CANCEL_TEXT = 'Cancel';
export const SUBMIT_TITLE = 'Submit';
/** Input limit (spec sections 5 and 9). */
export const MAX_QUERY_LENGTH = 512;
/** Loading becomes "stalled" after this many milliseconds (spec section 9). */
export const STALL_THRESHOLD_MS = 300;
/** Query parameter carrying the words to highlight on the target page. */
export const HIGHLIGHT_PARAM = 'highlight';
