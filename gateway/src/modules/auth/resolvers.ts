/**
 * Auth, registration and profile mutations (spec core §7 Public and Secured common; docs/rest-api.md).
 * Each returns `<Verb>Success | UserError`; the anti-forgery token is handled by rest/session.ts.
 */
import type { MutationResolvers } from '../../generated/resolvers-types.js';
import { mutationResult, SessionExpiredError } from '../../rest/errors.js';
import type { ChecklistDto } from '../../rest/contract.js';
import type { ChecklistInput } from '../../generated/resolvers-types.js';

/**
 * A value the backend requires, passed on even when the GraphQL input left it out: null then reaches the backend,
 * whose 400 VALIDATION_ERROR names the field with its Russian text (spec core §5), as for any other invalid value.
 */
function requiredByBackend<T>(value: T | null | undefined): T {
  return (value ?? null) as T;
}

/** GraphQL checklist → backend checklist; `monthlyCurrencyPayment` is sent as a JSON number (spec core §3). */
export function toChecklistDto(c: ChecklistInput): ChecklistDto {
  return {
    countryCodes: [...c.countryCodes],
    currencyCodes: [...c.currencyCodes],
    paymentsNumber: requiredByBackend(c.paymentsNumber),
    monthlyCurrencyPayment: requiredByBackend(
      c.monthlyCurrencyPayment === null || c.monthlyCurrencyPayment === undefined
        ? null
        : Number(c.monthlyCurrencyPayment),
    ),
    comment: c.comment ?? null,
  };
}

type AuthMutations =
  | 'checkEmail'
  | 'checkEmailStatus'
  | 'sendEmailConfirmation'
  | 'checkEmailConfirmed'
  | 'confirmEmail'
  | 'changeConfirmationEmail'
  | 'requestPasswordReset'
  | 'resetPassword'
  | 'login'
  | 'logout'
  | 'registerClient'
  | 'updateCurrentUser'
  | 'changePassword'
  | 'requestEmailChange'
  | 'updateChecklist'
  | 'requestCallback'
  | 'requestCardDebitLead';

export const Mutation: Pick<MutationResolvers, AuthMutations> = {
  checkEmail: (_r, { input }, ctx) =>
    mutationResult(async () => {
      const r = await ctx.api.checkEmail(input.email);
      return { __typename: 'CheckEmailSuccess' as const, email: r.email, available: r.available ?? true };
    }),
  checkEmailStatus: (_r, { input }, ctx) =>
    mutationResult(async () => {
      const r = await ctx.api.checkEmailStatus(input.email, input.userType ?? undefined);
      return { __typename: 'CheckEmailStatusSuccess' as const, email: r.email, status: r.status };
    }),
  sendEmailConfirmation: (_r, { input }, ctx) =>
    mutationResult(async () => {
      const r = await ctx.api.sendEmailConfirmation(input.email);
      return { __typename: 'EmailConfirmationSent' as const, email: r.email, resendAfterSeconds: r.resendAfterSeconds };
    }),
  checkEmailConfirmed: (_r, { input }, ctx) =>
    mutationResult(async () => {
      const r = await ctx.api.checkEmailConfirmed(input.email);
      return { __typename: 'CheckEmailConfirmedSuccess' as const, email: r.email, confirmed: r.confirmed };
    }),
  confirmEmail: (_r, { input }, ctx) =>
    mutationResult(async () => {
      const r = await ctx.api.confirmEmail(input.token);
      return { __typename: 'ConfirmEmailSuccess' as const, email: r.email, token: r.token, status: r.status };
    }),
  changeConfirmationEmail: (_r, { input }, ctx) =>
    mutationResult(async () => {
      const r = await ctx.api.changeConfirmationEmail(input.email, input.newEmail);
      return { __typename: 'EmailConfirmationSent' as const, email: r.email, resendAfterSeconds: r.resendAfterSeconds };
    }),
  requestPasswordReset: (_r, { input }, ctx) =>
    mutationResult(async () => {
      const r = await ctx.api.requestPasswordReset(input.email, input.userType ?? undefined);
      return { __typename: 'PasswordResetRequested' as const, email: r?.email ?? input.email };
    }),
  resetPassword: (_r, { input }, ctx) =>
    mutationResult(async () => {
      await ctx.api.resetPassword({
        token: input.token,
        password: input.password,
        passwordSecondTime: input.passwordSecondTime,
      });
      return { __typename: 'ResetPasswordSuccess' as const, done: true };
    }),
  login: (_r, { input }, ctx) =>
    mutationResult(async () => {
      const user = await ctx.api.login(input.email, input.password, input.userType ?? undefined);
      ctx.loaders.primeViewer(user);
      return { __typename: 'LoginSuccess' as const, viewer: user };
    }),
  logout: async (_r, _a, ctx) => {
    try {
      await ctx.api.logout();
    } catch (err) {
      // Signing out without a live session is still signing out (spec core §8 ends in logout anyway).
      if (!(err instanceof SessionExpiredError)) return mutationResult(() => Promise.reject(err));
    }
    ctx.loaders.primeViewer(null);
    return { __typename: 'LogoutSuccess' as const, done: true };
  },
  registerClient: (_r, { input }, ctx) =>
    mutationResult(async () => {
      const user = await ctx.api.registerClient({
        ogrn: input.ogrn,
        token: input.token,
        user: { ...input.user, patronymic: input.user.patronymic ?? null },
        checklist: toChecklistDto(input.checklist),
      });
      ctx.loaders.primeViewer(user);
      return { __typename: 'RegisterClientSuccess' as const, viewer: user };
    }),
  updateCurrentUser: (_r, { input }, ctx) =>
    mutationResult(async () => {
      const user = await ctx.api.updateCurrentUser({
        name: input.name,
        surname: input.surname,
        patronymic: input.patronymic ?? null,
        phone: input.phone,
      });
      ctx.loaders.primeViewer(user);
      return { __typename: 'UpdateCurrentUserSuccess' as const, viewer: user };
    }),
  changePassword: (_r, { input }, ctx) =>
    mutationResult(async () => {
      await ctx.api.changePassword({
        oldPassword: input.oldPassword,
        password: input.password,
        passwordSecondTime: input.passwordSecondTime,
      });
      return { __typename: 'ChangePasswordSuccess' as const, done: true };
    }),
  requestEmailChange: (_r, { input }, ctx) =>
    mutationResult(async () => {
      const r = await ctx.api.requestEmailChange(input.email);
      return { __typename: 'EmailChangeRequested' as const, email: r.email, resendAfterSeconds: r.resendAfterSeconds };
    }),
  updateChecklist: (_r, { input }, ctx) =>
    mutationResult(async () => {
      const checklist = await ctx.api.updateChecklist(toChecklistDto(input));
      return { __typename: 'UpdateChecklistSuccess' as const, checklist: checklist ?? toChecklistDto(input) };
    }),
  requestCallback: (_r, { input }, ctx) =>
    mutationResult(async () => {
      const r = await ctx.api.requestCallback(
        { name: input.name, phone: input.phone, email: input.email ?? null, comment: input.comment ?? null },
        input.topic,
      );
      return { __typename: 'CallbackRequested' as const, requestId: r.id };
    }),
  /** The debit card lead of /clients/cards (issue 13; spec core §7 POST /api/public/lead/card/debit). */
  requestCardDebitLead: (_r, { input }, ctx) =>
    mutationResult(async () => {
      const r = await ctx.api.requestCardDebitLead({
        name: input.name,
        phone: input.phone,
        email: input.email ?? null,
        powerOfAttorney: input.powerOfAttorney,
        city: input.city ?? null,
        comment: input.comment ?? null,
      });
      return { __typename: 'CardDebitLeadCreated' as const, leadId: r.id };
    }),
};
