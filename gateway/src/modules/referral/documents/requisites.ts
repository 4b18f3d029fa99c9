/**
 * The bank requisites of the viewer's own company, whoever the viewer is (issue 11): the client's
 * (/api/secured/client/requisites…, issue 8) or the referral partner's (/api/secured/agent/requisites…). The existing
 * `Viewer.bankRequisites` and the createBankRequisite / updateBankRequisite / deleteBankRequisite mutations
 * (modules/company/resolvers.ts) call it, so the web app's requisite components serve both areas.
 */
import type { GatewayContext } from '../../../context.js';
import { isReferralPartnerInOwnSession } from '../../../domain/account.js';
import type { BankRequisiteDto } from '../../../rest/contract.js';

type Body = { bankBik: string; checkAccount: string };

/** Requisite calls of one company. */
export interface RequisitesApi {
  list(): Promise<BankRequisiteDto[]>;
  create(body: Body): Promise<BankRequisiteDto>;
  update(id: number, body: Body): Promise<BankRequisiteDto>;
  remove(id: number): Promise<BankRequisiteDto[]>;
}

/** True when the viewer is a referral partner in his own session. */
export async function viewerIsReferralPartner(ctx: GatewayContext): Promise<boolean> {
  return isReferralPartnerInOwnSession(await ctx.loaders.viewer());
}

/** The requisite calls of the viewer's company: the referral partner's paths for an AGENT, the client's otherwise. */
export async function requisitesApi(ctx: GatewayContext): Promise<RequisitesApi> {
  if (!(await viewerIsReferralPartner(ctx)))
    return {
      list: () => ctx.api.bankRequisites(),
      create: (body) => ctx.api.createBankRequisite(body),
      update: (id, body) => ctx.api.updateBankRequisite(id, body),
      remove: (id) => ctx.api.deleteBankRequisite(id),
    };
  return {
    list: () => ctx.session.call('GET', '/api/secured/agent/requisites'),
    create: (body) => ctx.session.call('POST', '/api/secured/agent/requisites', { body }),
    update: (id, body) => ctx.session.call('PUT', '/api/secured/agent/requisites/{id}', { params: { id }, body }),
    remove: (id) => ctx.session.call('DELETE', '/api/secured/agent/requisites/{id}', { params: { id } }),
  };
}
