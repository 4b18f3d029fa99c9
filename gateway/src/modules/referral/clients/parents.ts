/**
 * Parent shapes of the referral partner's clients in the graph (issue 11), read by gateway/scripts/codegen.mjs
 * (`// mapper: <GraphQLType>`). A `ReferralClient` is the backend's client row (POST /api/secured/agent/clients/filter,
 * the add and contacts answers, the card's `client`).
 */
import type { AnswerOf, ItemOf } from '../../../rest/openapi.js';

/** One client row of the partner. */
// mapper: ReferralClient
export type ReferralClientParent = AnswerOf<'PUT', '/api/secured/agent/clients/{id}/contacts'>;

/** The client company of a row. */
// mapper: ReferralClientCompany
export type ReferralClientCompanyParent = ReferralClientParent['company'];

/** The contact person of a row. */
// mapper: ReferralClientContact
export type ReferralClientContactParent = NonNullable<ReferralClientParent['contact']>;

/** The verification share. */
// mapper: ReferralVerificationShare
export type ReferralVerificationShareParent = AnswerOf<'GET', '/api/secured/agent/clients/share'>;

/** The partner's client card. */
// mapper: ReferralClientCard
export type ReferralClientCardParent = AnswerOf<'GET', '/api/secured/agent/clients/card'>;

/** The registry lookup of the wizard. */
// mapper: ReferralRegistryCompany
export type ReferralRegistryCompanyParent = AnswerOf<'GET', '/api/secured/agent/clients/registry'>;

/** A partner's consent request as the client company sees it. */
// mapper: ReferralRequest
export type ReferralRequestParent = ItemOf<AnswerOf<'GET', '/api/secured/client/referral/requests'>>;
