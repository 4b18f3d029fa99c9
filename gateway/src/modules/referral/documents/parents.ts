/**
 * Parent shapes of the referral partner's company and documents (issue 11); gateway/scripts/codegen.mjs reads the
 * `mapper:` lines.
 */
import type { AnswerOf, ItemOf } from '../../../rest/openapi.js';

/** GET /api/secured/agent/company. */
// mapper: ReferralPartnerCompany
export type ReferralPartnerCompanyParent = AnswerOf<'GET', '/api/secured/agent/company'>;

/** A document of GET /api/secured/agent/documents. */
// mapper: ReferralPartnerAreaDocument
export type ReferralPartnerAreaDocumentParent = ItemOf<AnswerOf<'GET', '/api/secured/agent/documents'>>;
