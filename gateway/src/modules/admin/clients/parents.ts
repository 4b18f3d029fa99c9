/**
 * Parent shapes of the client administration types (issue 10), read by gateway/scripts/codegen.mjs
 * (`// mapper: <GraphQLType>`). An `AdminClient` is the backend's client row (POST …/client/filter, GET …/client/{id});
 * its card fields come from GET …/client/{id}/card, loaded once per operation and client when asked.
 */
import type { AnswerOf, ItemOf } from '../../../rest/openapi.js';

/** The client row of POST /api/secured/oper/client/filter and GET …/client/{id}. */
// mapper: AdminClient
export type AdminClientParent = AnswerOf<'GET', '/api/secured/oper/client/{id}'>;

/** The operator's client card (GET /api/secured/oper/client/{id}/card). */
export type AdminClientCardDto = AnswerOf<'GET', '/api/secured/oper/client/{id}/card'>;

/** The contact person of a client row. */
// mapper: AdminClientContact
export type AdminClientContactParent = NonNullable<AdminClientParent['contact']>;

/** Registry fields of the card. */
// mapper: AdminClientCompany
export type AdminClientCompanyParent = AdminClientCardDto['company'];

/** A user of the card. */
// mapper: AdminClientUser
export type AdminClientUserParent = ItemOf<AdminClientCardDto['users']>;

/** The verification state of the card. */
// mapper: AdminClientVerification
export type AdminClientVerificationParent = AdminClientCardDto['verification'];

/** An application for joining the platform of the card. */
// mapper: AdminClientVerificationDocument
export type AdminClientVerificationDocumentParent = ItemOf<AdminClientCardDto['verification']['documents']>;

/** Requests by client tab of the card. */
// mapper: AdminClientOrderCounts
export type AdminClientOrderCountsParent = AdminClientCardDto['orders'];
