/**
 * Page sizes and other numeric constants of the specification that more than one tier applies (spec core §9,
 * chat-and-shell §9), each written once. Times in milliseconds, sizes in bytes, unless the name says otherwise.
 * "Designed" marks a number the spec leaves open (chat §5 "the numbers are not shown"); it is ours, chosen once here.
 */

// --- core §9 -------------------------------------------------------------------------------------------------

/** List page size (core §9 "List page size 10"): orders lists of every role, the gateway's default `first`. */
export const LIST_PAGE_SIZE = 10;
/** Largest page a client may ask for in one call (designed bound of the gateway's paging). */
export const MAX_LIST_PAGE_SIZE = 100;
/** Operator users list page size (core §9). */
export const OPERATOR_USERS_PAGE_SIZE = 20;
/** Debounce of a list filter refresh (core §9), ms. */
export const LIST_FILTER_DEBOUNCE_MS = 600;
/** Largest file of one upload, and total file size per request (core §9 "50 MB"), bytes. */
export const MAX_FILE_BYTES = 50 * 1024 * 1024;

// --- chat §9 -------------------------------------------------------------------------------------------------

/** Chat group page size (chat §9). */
export const CHAT_GROUP_PAGE_SIZE = 20;
/** Chat messages per page when the client gives no size (designed; chat §9 does not name it). */
export const CHAT_MESSAGE_PAGE_SIZE = 30;
/** Default minimum length of a group search, in Unicode code points after trimming (chat §5, §9). */
export const CHAT_MIN_SEARCH_LENGTH = 3;
/** Group search debounce (chat §4, §9), ms. */
export const CHAT_SEARCH_DEBOUNCE_MS = 500;
/** Delay before the empty-results display, counted from the start of a search (chat §4, §9), ms. */
export const CHAT_EMPTY_RESULTS_DELAY_MS = 500;
/** Typing time-out (chat §9): an indicator lasts this long after the last notification, ms. */
export const TYPING_TIMEOUT_MS = 3000;
/** The composer sends at most one typing notification per this interval (designed, below TYPING_TIMEOUT_MS), ms. */
export const TYPING_SEND_INTERVAL_MS = 2000;
/** The support user id (chat §6, §9): operators act as this user in support chats. */
export const SUPPORT_USER_ID = 10762;
/** Maximum pinned (favourite) chats per user (chat §9). */
export const MAX_PINNED_CHATS = 5;
/** Online threshold (chat §9 "under 4 minutes since last seen"), ms. */
export const ONLINE_THRESHOLD_MS = 4 * 60_000;
/** USER_OFFLINE stores lastSeenAt = now − this (chat §9 "offline marker: set 4 time units in the past"), ms. */
export const OFFLINE_MARKER_MS = ONLINE_THRESHOLD_MS;
/** After this the last-seen text is "recently" (chat §9 "after 2 weeks"), ms. */
export const LAST_SEEN_RECENTLY_AFTER_MS = 14 * 24 * 3_600_000;
/** Pictures per chat message (designed; chat §5 "maximum attachments per message: the numbers are not shown"). */
export const MAX_PICTURES_PER_MESSAGE = 10;
/** Non-picture files per chat message (designed, chat §5). */
export const MAX_FILES_PER_MESSAGE = 1;
/** Largest chat attachment (designed, chat §5 "file too large"; the platform's upload limit of core §9), bytes. */
export const MAX_CHAT_FILE_BYTES = MAX_FILE_BYTES;
/** Longest chat message text, in Unicode code points (JSON Schema `maxLength` counts them so; designed). */
export const MAX_MESSAGE_TEXT_LENGTH = 10_000;
