/**
 * Routes of this slice (spec core §2) with their layouts. Every route sits under the RouteGuard
 * (routing rules, guards.ts); unknown paths render the not-found page with the path (spec core §8).
 */
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router-dom';
import { Suspense } from 'react';
import { AuthMainPage } from '../../apps/auth/AuthMainPage';
import { EmailChangeConfirmPage } from '../../apps/auth/EmailChangeConfirmPage';
import { ExpiredLinkPage } from '../../apps/auth/ExpiredLinkPage';
import { ForgotPasswordPage } from '../../apps/auth/ForgotPasswordPage';
import { OperatorAuthPage } from '../../apps/auth/OperatorAuthPage';
import { OperatorInvitationPage } from '../../apps/auth/OperatorInvitationPage';
import { PasswordPage } from '../../apps/auth/PasswordPage';
import { ResetPasswordPage } from '../../apps/auth/ResetPasswordPage';
import { NewCompanyPage } from '../../apps/auth/registration/NewCompanyPage';
import { RegistrationPage } from '../../apps/auth/registration/RegistrationPage';
import { ChatPage } from '../../apps/chat/ChatPage';
import { SupportPage } from '../../apps/chat/support/SupportPage';
import { ClientCompanyPage } from '../../apps/client/company/ClientCompanyPage';
import { ClientDocumentsPage } from '../../apps/client/documents/ClientDocumentsPage';
import { ClientFeaPage } from '../../apps/client/fea/ClientFeaPage';
import { ClientsLandingPage } from '../../apps/landing/ClientsLandingPage';
import { AgentClientCardPage } from '../../apps/agent/clients/AgentClientCardPage';
import { AgentClientsPage } from '../../apps/agent/clients/AgentClientsPage';
import { AgentCompanyPage } from '../../apps/agent/company/AgentCompanyPage';
import { AgentDocumentsPage } from '../../apps/agent/documents/AgentDocumentsPage';
import { AgentFeaPage } from '../../apps/agent/fea/AgentFeaPage';
import { OperatorFeaPage } from '../../apps/operator/fea/OperatorFeaPage';
import { OperatorInboxPage } from '../../apps/operator/inbox/OperatorInboxPage';
import { AuditLogPage } from '../../apps/operator/audit/AuditLogPage';
import { OperatorClientsPage } from '../../apps/operator/clients/OperatorClientsPage';
import { PaymentAgentCreatePage } from '../../apps/operator/agents/PaymentAgentCreatePage';
import { PaymentAgentPage } from '../../apps/operator/agents/PaymentAgentPage';
import { PaymentAgentsPage } from '../../apps/operator/agents/PaymentAgentsPage';
import { OperatorPage } from '../../apps/operator/operators/OperatorPage';
import { OperatorsPage } from '../../apps/operator/operators/OperatorsPage';
import { ReferralPartnerCreatePage } from '../../apps/operator/partners/ReferralPartnerCreatePage';
import { ReferralPartnerEditPage } from '../../apps/operator/partners/ReferralPartnerEditPage';
import { ReferralPartnersPage } from '../../apps/operator/partners/ReferralPartnersPage';
import { OperatorRightRoute } from '../../apps/operator/OperatorRightRoute';
import { PartnerFeaPage } from '../../apps/partner/fea/PartnerFeaPage';
import { SimpleLandingPage } from '../../apps/landing/SimpleLandingPage';
import { PageSpinner } from '../../components/PageSpinner';
import { ApiTokensPage } from '../../components/apiTokens/ApiTokensPage';
import { AuthLayout, AuthStepperLayout } from '../../components/layouts/AuthLayout';
import { DefaultLayout } from '../../components/layouts/DefaultLayout';
import { LandingLayout } from '../../components/layouts/LandingLayout';
import { NotFoundPage } from '../errors/ErrorPage';
import { RouteErrorPage } from '../errors/RouteErrorPage';
import { RouteGuard } from './RouteGuard';

function Root() {
  return (
    <Suspense fallback={<PageSpinner minH="100vh" />}>
      <RouteGuard />
    </Suspense>
  );
}

/** Sign-in pages shared by the client, partner and agent areas. */
function signInRoutes(area: 'client' | 'partner' | 'agent'): RouteObject[] {
  return [
    { index: true, element: <AuthMainPage area={area} /> },
    { path: 'pass', element: <PasswordPage area={area} /> },
    // The mailed link of a sign-in e-mail change (issue 8): opens signed in or not (guards.ts isEmailChangeConfirmPath).
    { path: 'email/confirm', element: <EmailChangeConfirmPage area={area} /> },
    {
      path: 'forgot',
      children: [
        { index: true, element: <ForgotPasswordPage area={area} /> },
        { path: 'pass', element: <ResetPasswordPage area={area} /> },
      ],
    },
  ];
}

export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/', element: <Navigate to="/clients" replace /> },
      {
        element: <LandingLayout />,
        children: [
          { path: 'clients', element: <ClientsLandingPage /> },
          { path: 'partners', element: <SimpleLandingPage audience="partners" /> },
          { path: 'agents', element: <SimpleLandingPage audience="agents" /> },
        ],
      },
      {
        path: 'client',
        children: [
          { index: true, element: <Navigate to="/client/fea" replace /> },
          {
            path: 'auth',
            children: [
              {
                element: <AuthLayout />,
                children: [
                  ...signInRoutes('client'),
                  { path: 'registration/expired', element: <ExpiredLinkPage /> },
                  { path: 'reset-password', element: <ResetPasswordPage area="client" /> },
                ],
              },
              {
                element: <AuthStepperLayout />,
                children: [
                  { path: 'registration', element: <RegistrationPage /> },
                  { path: 'registration/new-company', element: <NewCompanyPage /> },
                ],
              },
            ],
          },
          {
            element: <DefaultLayout area="client" />,
            children: [
              { path: 'fea/*', element: <ClientFeaPage /> },
              // 'Моя компания' (spec core §2 Client: my company with tabs; issue 8)
              { path: 'company', element: <ClientCompanyPage /> },
              // 'Документы' (spec core §2 Client: documents; issue 8)
              { path: 'documents', element: <ClientDocumentsPage /> },
              { path: 'chats/*', element: <ChatPage area="client" /> },
              { path: 'api-tokens', element: <ApiTokensPage /> },
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        path: 'partner',
        children: [
          { path: 'auth', element: <AuthLayout />, children: signInRoutes('partner') },
          {
            element: <DefaultLayout area="partner" />,
            children: [
              { path: 'chats/*', element: <ChatPage area="partner" /> },
              { path: 'api-tokens', element: <ApiTokensPage /> },
              // Payment agent requests (apps/partner/fea): /partner is the list, /partner/<orderId> its modal (spec core §2
              // /partner/{path}). The page is a layout over both, so opening a request keeps the list mounted.
              {
                element: <PartnerFeaPage />,
                children: [
                  { index: true, element: null },
                  { path: '*', element: null },
                ],
              },
            ],
          },
        ],
      },
      {
        path: 'agent',
        children: [
          { index: true, element: <Navigate to="/agent/fea" replace /> },
          { path: 'auth', element: <AuthLayout />, children: signInRoutes('agent') },
          {
            element: <DefaultLayout area="agent" />,
            children: [
              // Referral partner area (issue 11; web/README.md "Referral partner area").
              { path: 'fea', element: <AgentFeaPage /> },
              { path: 'clients', element: <AgentClientsPage /> },
              { path: 'company', element: <AgentCompanyPage /> },
              { path: 'documents', element: <AgentDocumentsPage /> },
              { path: 'chats/*', element: <ChatPage area="agent" /> },
            ],
          },
          // The client card (spec core §2: empty layout; ogrn of exactly 13 or 15 digits, else the not-found page).
          { path: 'clients/:ogrn', element: <AgentClientCardPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        path: 'operator',
        children: [
          { index: true, element: <Navigate to="/operator/fea" replace /> },
          {
            path: 'auth',
            element: <AuthLayout />,
            children: [
              { index: true, element: <OperatorAuthPage /> },
              { path: 'invitation', element: <OperatorInvitationPage /> },
            ],
          },
          {
            element: <DefaultLayout area="operator" />,
            // fea/* renders the list; /operator/fea/:orderId opens the request modal (descendant route).
            // support/* is the support desk (spec chat §2, §6: operators are support); no other area has it.
            children: [
              {
                element: <OperatorRightRoute right="ORDERS_VIEW" />,
                children: [
                  { path: 'fea/*', element: <OperatorFeaPage /> },
                  // API tokens (issue 12): an operator's tokens read the whole platform, hence ORDERS_VIEW.
                  { path: 'api-tokens', element: <ApiTokensPage /> },
                ],
              },
              { path: 'chats/*', element: <ChatPage area="operator" /> },
              {
                element: <OperatorRightRoute right="SUPPORT" />,
                children: [{ path: 'support/*', element: <SupportPage /> }],
              },
              // Administration (issue 10; web/README.md "Operator routes"): /operator/agents are payment agents (data
              // role PARTNER), /operator/partners referral partners (data role AGENT). Each page needs its right.
              {
                element: <OperatorRightRoute right="CLIENTS" />,
                children: [{ path: 'clients', element: <OperatorClientsPage /> }],
              },
              {
                element: <OperatorRightRoute right="PAYMENT_AGENTS" />,
                children: [
                  { path: 'agents', element: <PaymentAgentsPage /> },
                  { path: 'agents/create', element: <PaymentAgentCreatePage /> },
                  { path: 'agents/:id', element: <PaymentAgentPage /> },
                ],
              },
              {
                element: <OperatorRightRoute right="REFERRAL_PARTNERS" />,
                children: [
                  { path: 'partners', element: <ReferralPartnersPage /> },
                  { path: 'partners/create', element: <ReferralPartnerCreatePage /> },
                  { path: 'partners/:id/edit', element: <ReferralPartnerEditPage /> },
                ],
              },
              {
                element: <OperatorRightRoute right="OPERATORS" />,
                children: [
                  { path: 'operators', element: <OperatorsPage /> },
                  { path: 'operators/:id', element: <OperatorPage /> },
                ],
              },
              {
                element: <OperatorRightRoute right="AUDIT_LOG" />,
                children: [{ path: 'audit', element: <AuditLogPage /> }],
              },
              // The inbox of callbacks and client recommendations (issue 11): right CLIENTS.
              {
                element: <OperatorRightRoute right="CLIENTS" />,
                children: [{ path: 'inbox', element: <OperatorInboxPage /> }],
              },
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
