/**
 * Page sizes and other numeric constants of the specification that more than one tier applies
 * (spec core §9, chat-and-shell §9). Times in milliseconds unless the name says otherwise.
 */

/** Placeholder until the constants move here (issue 9). */
export const DOMAIN_PACKAGE_VERSION = 1;
