/**
 * Parent shapes of the referral partner area (issue 11); gateway/scripts/codegen.mjs reads the `mapper:` lines.
 */
import type { CurrentUserDto } from '../../rest/contract.js';

/** The area's parent: the signed-in referral partner. */
// mapper: ReferralPartnerArea
export type ReferralPartnerAreaParent = CurrentUserDto;
