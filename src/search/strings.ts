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
/** The recent searches' heading and clear button (panel opened with an empty query). */
export const RECENT_TITLE = 'Recent';
export const RECENT_CLEAR_TEXT = 'Clear recent searches';
/** Shown in the preview when an index file is missing or is not an index, before the reason. */
export const INDEX_UNAVAILABLE = 'Search is unavailable: the index could not be loaded.';
