/**
 * Referral partner area in the graph (issue 11), part "clients" (schema.graphql region "Referral partner: clients";
 * spec core §3 "Client added by a partner", §5, §6):
 *
 *   ReferralPartnerArea.clients            POST /api/secured/agent/clients/filter?page&size (Relay connection, totalCount)
 *   ReferralPartnerArea.verificationShare  GET  …/clients/share
 *   ReferralPartnerArea.client(ogrn)       GET  …/clients/card?ogrn; null for a company that is not his live client
 *   ReferralPartnerArea.registryCompany    GET  …/clients/registry?ogrn; null when the registry does not know it
 *   Mutation.addReferralClient             POST …/clients → AddReferralClientSuccess | UserError
 *   Mutation.removeReferralClient          DELETE …/clients/{id} → RemoveReferralClientSuccess | UserError
 *   Mutation.updateReferralClientContacts  PUT …/clients/{id}/contacts → UpdateReferralClientContactsSuccess | UserError
 *   Viewer.referralRequests                GET /api/secured/client/referral/requests (clients only; [] otherwise)
 *   Mutation.accept/declineReferralRequest POST /api/secured/client/referral/requests/{id}/accept|decline
 *   node(id: "ReferralClient:<link id>")   GET …/clients/{id} (referralClientNode; null for anyone but the partner)
 * The area is reached only by a referral partner in his own session (modules/referral/index.ts), so its fields call
 * the backend as that partner; the backend scopes every row to his company.
 */
import { toGlobalId } from 'graphql-relay';
import {
  REFERRAL_CLIENT_STATUS_LABELS,
  verificationShareLabel,
  isClientCardOgrn,
} from '@platform/domain/referral/clients';
import type { Resolvers } from '../../../generated/resolvers-types.js';
import type { GatewayContext } from '../../../context.js';
import { isReferralPartnerInOwnSession } from '../../../domain/account.js';
import type { CurrentUserDto } from '../../../rest/contract.js';
import { mutationResult, nullIfAbsent, queryResult } from '../../../rest/errors.js';
import { badInput, pagedConnection } from '../../admin/connection.js';
import { adminIdOf, isBackendId, notFoundError } from '../../admin/ids.js';
import { byTypename } from '../../unions.js';
import type { ReferralClientParent } from './parents.js';

const OGRN_MESSAGE = 'ОГРН — 13 цифр, ОГРНИП — 15 цифр';

/** The OGRN argument trimmed, or BAD_USER_INPUT. */
function ogrnArg(raw: string): string {
  const value = raw.trim();
  if (!isClientCardOgrn(value)) throw badInput(OGRN_MESSAGE);
  return value;
}

/** Backend link id of `ReferralClient:<n>` (or plain digits); null otherwise. */
export function referralClientIdOf(id: string): number | null {
  return adminIdOf('ReferralClient', id);
}

const CLIENT_NOT_FOUND = () => notFoundError('REFERRAL_CLIENT_NOT_FOUND', 'Клиент не найден', 'clientId');

export const resolvers: Resolvers = {
  ReferralPartnerArea: {
    clients: (_area, args, ctx) => {
      const search = args.search?.trim();
      const body = search ? { search } : {};
      return pagedConnection(args, (page, size) =>
        ctx.session.call('POST', '/api/secured/agent/clients/filter', { query: { page, size }, body }),
      );
    },
    verificationShare: (_area, _args, ctx) =>
      queryResult(() => ctx.session.call('GET', '/api/secured/agent/clients/share', {})),
    client: (_area, { ogrn }, ctx) => {
      const value = ogrnArg(ogrn);
      return nullIfAbsent(() => ctx.session.call('GET', '/api/secured/agent/clients/card', { query: { ogrn: value } }));
    },
    registryCompany: async (_area, { ogrn }, ctx) => {
      const value = ogrnArg(ogrn);
      return nullIfAbsent(() =>
        ctx.session.call('GET', '/api/secured/agent/clients/registry', { query: { ogrn: value } }),
      );
    },
  },
  ReferralClient: {
    id: (c) => toGlobalId('ReferralClient', String(c.id)),
    linkId: (c) => c.id,
    statusLabel: (c) => REFERRAL_CLIENT_STATUS_LABELS[c.status],
    monthlyVolume: (c) => (c.monthlyVolume === null ? null : { cost: c.monthlyVolume, currency: 'USD' }),
  },
  ReferralClientCompany: {
    companyId: (c) => c.id,
  },
  ReferralVerificationShare: {
    label: (s) => verificationShareLabel(s),
  },
  ReferralRegistryCompany: {
    company: (r) => r,
  },
  ReferralRequest: {
    requestId: (r) => r.id,
    partnerName: (r) => r.partner.name,
    partnerInn: (r) => r.partner.inn,
    requestedBy: (r) => (r.requestedBy ? `${r.requestedBy.surname} ${r.requestedBy.name}`.trim() : null),
  },
  Viewer: {
    referralRequests: (viewer, _args, ctx) =>
      viewer.account.type === 'CLIENT'
        ? queryResult(() => ctx.session.call('GET', '/api/secured/client/referral/requests', {}))
        : [],
  },
  Mutation: {
    addReferralClient: (_r, { input }, ctx) =>
      mutationResult(async () => {
        const answer = await ctx.session.call('POST', '/api/secured/agent/clients', {
          body: {
            ogrn: input.ogrn.trim(),
            contact: {
              surname: input.contact.surname,
              name: input.contact.name,
              patronymic: input.contact.patronymic ?? null,
              email: input.contact.email,
              phone: input.contact.phone,
              position: input.contact.position ?? null,
            },
            countryCodes: input.countryCodes,
            currencyCodes: input.currencyCodes,
            monthlyVolume: input.monthlyVolume,
            monthlyPayments: input.monthlyPayments,
            clientApproved: input.clientApproved,
          },
        });
        return { __typename: 'AddReferralClientSuccess' as const, ...answer };
      }),
    removeReferralClient: (_r, { clientId }, ctx) => {
      const id = referralClientIdOf(clientId);
      if (id === null) return CLIENT_NOT_FOUND();
      return mutationResult(async () => {
        await ctx.session.call('DELETE', '/api/secured/agent/clients/{id}', { params: { id } });
        return {
          __typename: 'RemoveReferralClientSuccess' as const,
          removedClientId: toGlobalId('ReferralClient', String(id)),
        };
      });
    },
    updateReferralClientContacts: (_r, { input }, ctx) => {
      const id = referralClientIdOf(input.clientId);
      if (id === null) return CLIENT_NOT_FOUND();
      return mutationResult(async () => {
        const client = await ctx.session.call('PUT', '/api/secured/agent/clients/{id}/contacts', {
          params: { id },
          body: { extraPhones: input.extraPhones, extraEmails: input.extraEmails },
        });
        return { __typename: 'UpdateReferralClientContactsSuccess' as const, client };
      });
    },
    acceptReferralRequest: (_r, { requestId }, ctx) =>
      mutationResult(async () => {
        await ctx.session.call('POST', '/api/secured/client/referral/requests/{id}/accept', {
          params: { id: requestId },
        });
        return { __typename: 'ReferralRequestAnswerSuccess' as const, requestId, accepted: true };
      }),
    declineReferralRequest: (_r, { requestId }, ctx) =>
      mutationResult(async () => {
        await ctx.session.call('POST', '/api/secured/client/referral/requests/{id}/decline', {
          params: { id: requestId },
        });
        return { __typename: 'ReferralRequestAnswerSuccess' as const, requestId, accepted: false };
      }),
  },
  AddReferralClientResult: byTypename,
  RemoveReferralClientResult: byTypename,
  UpdateReferralClientContactsResult: byTypename,
  ReferralRequestAnswerResult: byTypename,
};

/**
 * node(id:) of `ReferralClient:<link id>`: the partner's own live client, null for a malformed id, another partner's
 * client, an ended link or a viewer who is not a referral partner in his own session.
 */
export async function referralClientNode(
  id: string,
  ctx: GatewayContext,
  viewer: CurrentUserDto,
): Promise<(ReferralClientParent & { __typename: 'ReferralClient' }) | null> {
  if (!isBackendId(id) || !isReferralPartnerInOwnSession(viewer)) return null;
  const row = await nullIfAbsent(() =>
    ctx.session.call('GET', '/api/secured/agent/clients/{id}', { params: { id: Number(id) } }),
  );
  return row ? { ...row, __typename: 'ReferralClient' } : null;
}
