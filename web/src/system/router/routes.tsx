/**
 * Routes of the platform (spec core §2) with their layouts, code-split by area and route (issue 13 "Fast first load"):
 * every page and layout is a lazily loaded chunk (`lazyElement`, guarded by the page chunk failure guard of
 * chat-and-shell §4). The shell root has no UI library; the public pages (/clients, /agents, /partners, /clients/cards,
 * and their English versions under /en) load without Chakra UI, Relay or a session call; the account areas sit under
 * `AppRoot` (Chakra UI, Relay, the route guard of guards.ts with the viewer query). Unknown paths render the not-found
 * page with the path (spec core §8): a guest's unknown sign-in path without any navigation (empty layout), a signed-in
 * user's unknown path of his area inside the default layout, an unknown tail under a request too.
 *
 * Every page names its layout of core §2 in a route `handle` (routeRules.ts; `layoutRoute` picks the layout's element
 * from the name), and the sign-in steps that may be entered only from particular previous pages carry their
 * `enteredFrom` rule (checked by RouteGuard). The unprefixed public pages redirect to /en by the LOCALE cookie
 * (apps/landing/locale.ts localeRedirectLoader). NavigationGuard (next to ShellRoot) records the tab's navigation
 * history and refuses links to disallowed targets (externalNavigation.ts).
 */
import { areaTextsLoader } from '../i18n/areas';
import { Suspense, lazy, type ReactNode } from 'react';
import { Navigate, createBrowserRouter, type Params, type RouteObject } from 'react-router-dom';
import { guardChunkLoad } from '../shell/chunkGuard';
import { ShellRoot } from '../shell/ShellRoot';
import { BootSpinner } from '../shell/BootSpinner';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../i18n';
import { localeRedirectLoader } from '../../apps/landing/locale';
import { isOrderPathTail, isValidOgrnParam, type Area } from './guards';
import { NavigationGuard } from './NavigationGuard';
import { ENTERED_FROM, type EnteredFrom, type LayoutName, type RouteHandle } from './routeRules';

/**
 * A route's `lazy` that imports a module (through the chunk failure guard) and renders `render(module)` as the
 * route element.
 */
export function lazyElement<M>(
  load: () => Promise<M>,
  render: (m: M) => ReactNode,
): () => Promise<{ element: ReactNode }> {
  return async () => ({ element: render(await guardChunkLoad(load)) });
}

/**
 * Like `lazyElement`, and the page is shown only when `valid(params)` holds; otherwise the not-found page with the path
 * (spec core §2 "A failed route validation shows a not-found error page with the path"), inside the same layout.
 */
export function validatedElement<M>(
  load: () => Promise<M>,
  render: (m: M) => ReactNode,
  valid: (params: Params) => boolean,
): () => Promise<{ element: ReactNode }> {
  return async () => {
    const [m, v] = await Promise.all([guardChunkLoad(load), guardChunkLoad(() => import('./ValidatedRoute'))]);
    return { element: <v.ValidatedRoute valid={valid}>{render(m)}</v.ValidatedRoute> };
  };
}

/** A pathless route that renders `children` in the named layout of core §2 (`area`: whose navigation the header shows). */
function layoutRoute(
  layout: Exclude<LayoutName, 'default-landing'>,
  children: RouteObject[],
  area?: Area,
): RouteObject {
  const handle: RouteHandle = { layout };
  switch (layout) {
    case 'auth':
      return {
        handle,
        lazy: lazyElement(
          () => import('../../components/layouts/AuthLayout'),
          (m) => <m.AuthLayout />,
        ),
        children,
      };
    case 'auth-stepper':
      return {
        handle,
        lazy: lazyElement(
          () => import('../../components/layouts/AuthLayout'),
          (m) => <m.AuthStepperLayout />,
        ),
        children,
      };
    case 'default':
    case 'chat':
      // The chat layout is the default layout's header over the chat panes (apps/chat/ChatLayout, rendered by ChatPage).
      return {
        handle,
        lazy: lazyElement(
          () => import('../../components/layouts/DefaultLayout'),
          (m) => <m.DefaultLayout area={area ?? 'client'} />,
        ),
        children,
      };
    case 'empty':
      return {
        handle,
        lazy: lazyElement(
          () => import('../../components/layouts/EmptyLayout'),
          (m) => <m.EmptyLayout />,
        ),
        children,
      };
    case 'none':
      return { handle, children };
  }
}

/** The not-found page with the path for every path under its parent that no sibling route matches. */
function notFoundRoute(): RouteObject {
  return {
    path: '*',
    lazy: lazyElement(
      () => import('../errors/ErrorPage'),
      (m) => <m.NotFoundPage />,
    ),
  };
}

/** A route that may be entered only from particular previous pages (routeRules.ts). */
function enteredFrom(rule: EnteredFrom): { handle: RouteHandle } {
  return { handle: { enteredFrom: rule } };
}

const ErrorShell = lazy(() => import('../errors/ErrorShell').then((m) => ({ default: m.ErrorShell })));

/** The router's error element: the error page's chunk (with Chakra UI) loads only when an error happens. */
function LazyErrorShell() {
  return (
    <Suspense fallback={<BootSpinner />}>
      <ErrorShell />
    </Suspense>
  );
}

/** Sign-in pages shared by the client, partner and agent areas. */
function signInRoutes(area: 'client' | 'partner' | 'agent'): RouteObject[] {
  return [
    {
      index: true,
      lazy: lazyElement(
        () => import('../../apps/auth/AuthMainPage'),
        (m) => <m.AuthMainPage area={area} />,
      ),
    },
    {
      path: 'pass',
      ...enteredFrom(ENTERED_FROM[`${area}Password`]),
      lazy: lazyElement(
        () => import('../../apps/auth/PasswordPage'),
        (m) => <m.PasswordPage area={area} />,
      ),
    },
    // The mailed link of a sign-in e-mail change (issue 8): opens signed in or not (guards.ts isEmailChangeConfirmPath).
    {
      path: 'email/confirm',
      lazy: lazyElement(
        () => import('../../apps/auth/EmailChangeConfirmPage'),
        (m) => <m.EmailChangeConfirmPage area={area} />,
      ),
    },
    {
      path: 'forgot',
      children: [
        {
          index: true,
          lazy: lazyElement(
            () => import('../../apps/auth/ForgotPasswordPage'),
            (m) => <m.ForgotPasswordPage area={area} />,
          ),
        },
        {
          path: 'pass',
          lazy: lazyElement(
            () => import('../../apps/auth/ResetPasswordPage'),
            (m) => <m.ResetPasswordPage area={area} />,
          ),
        },
      ],
    },
  ];
}

/**
 * The public pages of one locale (spec core §2 "Public and top level"; chat-and-shell §2 locale routes): Russian at the
 * root, English under /en. The landing layout scrolls to top on entry; /clients/cards has no layout ("none").
 */
function publicRoutes(locale: Locale): RouteObject[] {
  const base = locale === 'ru' ? '' : `/${locale}`;
  // An unprefixed page opened with LOCALE=en goes to its /en version (chat-and-shell §2 locale routes).
  const loader = locale === DEFAULT_LOCALE ? localeRedirectLoader : undefined;
  return [
    {
      path: base || '/',
      handle: { layout: 'default-landing' } satisfies RouteHandle,
      lazy: lazyElement(
        () => import('../../apps/landing/LandingLayout'),
        (m) => <m.LandingLayout locale={locale} />,
      ),
      children: [
        // '/' redirects straight to /clients (spec core §2), '/en' to '/en/clients'.
        { index: true, element: <Navigate to={`${base}/clients`} replace /> },
        {
          path: 'clients',
          loader,
          lazy: lazyElement(
            () => import('../../apps/landing/ClientsLandingPage'),
            (m) => <m.ClientsLandingPage />,
          ),
        },
        {
          path: 'agents',
          loader,
          lazy: lazyElement(
            () => import('../../apps/landing/AgentsLandingPage'),
            (m) => <m.AgentsLandingPage />,
          ),
        },
        {
          path: 'partners',
          loader,
          lazy: lazyElement(
            () => import('../../apps/landing/PartnersLandingPage'),
            (m) => <m.PartnersLandingPage />,
          ),
        },
      ],
    },
    {
      path: `${base}/clients/cards`,
      handle: { layout: 'none' } satisfies RouteHandle,
      loader,
      lazy: lazyElement(
        () => import('../../apps/landing/CardsPage'),
        (m) => <m.CardsPage locale={locale} />,
      ),
    },
  ];
}

export const routes: RouteObject[] = [
  {
    element: (
      <>
        <ShellRoot />
        <NavigationGuard />
      </>
    ),
    errorElement: <LazyErrorShell />,
    hydrateFallbackElement: <BootSpinner />,
    children: [
      ...LOCALES.flatMap(publicRoutes),
      {
        lazy: lazyElement(
          () => import('../shell/AppRoot'),
          (m) => <m.AppRoot />,
        ),
        children: [
          {
            path: 'client',
            children: [
              { index: true, element: <Navigate to="/client/fea" replace /> },
              {
                path: 'auth',
                children: [
                  layoutRoute('auth', [
                    ...signInRoutes('client'),
                    {
                      path: 'registration/expired',
                      ...enteredFrom(ENTERED_FROM.registrationExpired),
                      lazy: lazyElement(
                        () => import('../../apps/auth/ExpiredLinkPage'),
                        (m) => <m.ExpiredLinkPage />,
                      ),
                    },
                    {
                      path: 'reset-password',
                      lazy: lazyElement(
                        () => import('../../apps/auth/ResetPasswordPage'),
                        (m) => <m.ResetPasswordPage area="client" />,
                      ),
                    },
                  ]),
                  layoutRoute('auth-stepper', [
                    {
                      path: 'registration',
                      ...enteredFrom(ENTERED_FROM.registration),
                      lazy: lazyElement(
                        () => import('../../apps/auth/registration/RegistrationPage'),
                        (m) => <m.RegistrationPage />,
                      ),
                    },
                    {
                      path: 'registration/new-company',
                      ...enteredFrom(ENTERED_FROM.newCompany),
                      lazy: lazyElement(
                        () => import('../../apps/auth/registration/NewCompanyPage'),
                        (m) => <m.NewCompanyPage />,
                      ),
                    },
                  ]),
                  // A guest's unknown sign-in path: the not-found page without any navigation.
                  layoutRoute('empty', [notFoundRoute()]),
                ],
              },
              layoutRoute(
                'chat',
                [
                  {
                    path: 'chats/*',
                    lazy: lazyElement(
                      () => import('../../apps/chat/ChatPage'),
                      (m) => <m.ChatPage area="client" />,
                    ),
                  },
                ],
                'client',
              ),
              {
                handle: { layout: 'default' } satisfies RouteHandle,
                lazy: lazyElement(
                  () => import('../../components/layouts/DefaultLayout'),
                  (m) => <m.DefaultLayout area="client" />,
                ),
                children: [
                  // The request list, and the request modal at fea/<numeric id>; any other tail is not found.
                  {
                    path: 'fea/*',
                    // Starts the header's and the list's queries at once, with the route chunks (issue 13 "Fast first
                    // load"; apps/client/fea/preloadClientFea.ts). Nothing is awaited: the loader answers at once.
                    loader: ({ request }) => {
                      const { search } = new URL(request.url);
                      void guardChunkLoad(() => import('../../apps/client/fea/preloadClientFea')).then((m) =>
                        m.preloadClientFea(search),
                      );
                      return null;
                    },
                    lazy: validatedElement(
                      () => import('../../apps/client/fea/ClientFeaPage'),
                      (m) => <m.ClientFeaPage />,
                      (params) => isOrderPathTail(params['*']),
                    ),
                  },
                  // 'Моя компания' (spec core §2 Client: my company with tabs; issue 8)
                  {
                    path: 'company',
                    lazy: lazyElement(
                      () => import('../../apps/client/company/ClientCompanyPage'),
                      (m) => <m.ClientCompanyPage />,
                    ),
                  },
                  // 'Документы' (spec core §2 Client: documents; issue 8)
                  {
                    path: 'documents',
                    lazy: lazyElement(
                      () => import('../../apps/client/documents/ClientDocumentsPage'),
                      (m) => <m.ClientDocumentsPage />,
                    ),
                  },
                  {
                    path: 'api-tokens',
                    lazy: lazyElement(
                      () => import('../../components/apiTokens/ApiTokensPage'),
                      (m) => <m.ApiTokensPage />,
                    ),
                  },
                  // A signed-in client's unknown path keeps his navigation (a guest is sent to the sign-in first).
                  notFoundRoute(),
                ],
              },
            ],
          },
          {
            path: 'partner',
            children: [
              {
                path: 'auth',
                children: [layoutRoute('auth', signInRoutes('partner')), layoutRoute('empty', [notFoundRoute()])],
              },
              layoutRoute(
                'chat',
                [
                  {
                    path: 'chats/*',
                    lazy: lazyElement(
                      () => import('../../apps/chat/ChatPage'),
                      (m) => <m.ChatPage area="partner" />,
                    ),
                  },
                ],
                'partner',
              ),
              {
                handle: { layout: 'default' } satisfies RouteHandle,
                lazy: lazyElement(
                  () => import('../../components/layouts/DefaultLayout'),
                  (m) => <m.DefaultLayout area="partner" />,
                ),
                children: [
                  {
                    path: 'api-tokens',
                    lazy: lazyElement(
                      () => import('../../components/apiTokens/ApiTokensPage'),
                      (m) => <m.ApiTokensPage />,
                    ),
                  },
                  // Payment agent requests (apps/partner/fea): /partner is the list, /partner/<orderId> its modal (spec core §2
                  // /partner/{path}). The page is a layout over both, so opening a request keeps the list mounted.
                  {
                    lazy: lazyElement(
                      () => import('../../apps/partner/fea/PartnerFeaPage'),
                      (m) => <m.PartnerFeaPage />,
                    ),
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
            // The operator and referral partner areas' texts (system/i18n/ruAreas.ts) load before their pages.
            loader: areaTextsLoader,
            children: [
              { index: true, element: <Navigate to="/agent/fea" replace /> },
              {
                path: 'auth',
                children: [layoutRoute('auth', signInRoutes('agent')), layoutRoute('empty', [notFoundRoute()])],
              },
              layoutRoute(
                'chat',
                [
                  {
                    path: 'chats/*',
                    lazy: lazyElement(
                      () => import('../../apps/chat/ChatPage'),
                      (m) => <m.ChatPage area="agent" />,
                    ),
                  },
                ],
                'agent',
              ),
              {
                handle: { layout: 'default' } satisfies RouteHandle,
                lazy: lazyElement(
                  () => import('../../components/layouts/DefaultLayout'),
                  (m) => <m.DefaultLayout area="agent" />,
                ),
                children: [
                  // Referral partner area (issue 11; web/README.md "Referral partner area").
                  {
                    path: 'fea',
                    lazy: lazyElement(
                      () => import('../../apps/agent/fea/AgentFeaPage'),
                      (m) => <m.AgentFeaPage />,
                    ),
                  },
                  {
                    path: 'clients',
                    lazy: lazyElement(
                      () => import('../../apps/agent/clients/AgentClientsPage'),
                      (m) => <m.AgentClientsPage />,
                    ),
                  },
                  {
                    path: 'company',
                    lazy: lazyElement(
                      () => import('../../apps/agent/company/AgentCompanyPage'),
                      (m) => <m.AgentCompanyPage />,
                    ),
                  },
                  {
                    path: 'documents',
                    lazy: lazyElement(
                      () => import('../../apps/agent/documents/AgentDocumentsPage'),
                      (m) => <m.AgentDocumentsPage />,
                    ),
                  },
                  notFoundRoute(),
                ],
              },
              // The client card (spec core §2: empty layout; ogrn of exactly 13 or 15 digits, else the not-found page).
              layoutRoute('empty', [
                {
                  path: 'clients/:ogrn',
                  lazy: validatedElement(
                    () => import('../../apps/agent/clients/AgentClientCardPage'),
                    (m) => <m.AgentClientCardPage />,
                    (params) => isValidOgrnParam(params.ogrn),
                  ),
                },
              ]),
            ],
          },
          {
            path: 'operator',
            // The operator and referral partner areas' texts (system/i18n/ruAreas.ts) load before their pages.
            loader: areaTextsLoader,
            children: [
              { index: true, element: <Navigate to="/operator/fea" replace /> },
              {
                path: 'auth',
                children: [
                  layoutRoute('auth', [
                    {
                      index: true,
                      lazy: lazyElement(
                        () => import('../../apps/auth/OperatorAuthPage'),
                        (m) => <m.OperatorAuthPage />,
                      ),
                    },
                    {
                      path: 'invitation',
                      lazy: lazyElement(
                        () => import('../../apps/auth/OperatorInvitationPage'),
                        (m) => <m.OperatorInvitationPage />,
                      ),
                    },
                  ]),
                  layoutRoute('empty', [notFoundRoute()]),
                ],
              },
              // Chats and the support desk (spec chat §2, §6: operators are support; no other area has the desk).
              layoutRoute(
                'chat',
                [
                  {
                    path: 'chats/*',
                    lazy: lazyElement(
                      () => import('../../apps/chat/ChatPage'),
                      (m) => <m.ChatPage area="operator" />,
                    ),
                  },
                  {
                    lazy: lazyElement(
                      () => import('../../apps/operator/OperatorRightRoute'),
                      (m) => <m.OperatorRightRoute right="SUPPORT" />,
                    ),
                    children: [
                      {
                        path: 'support/*',
                        lazy: lazyElement(
                          () => import('../../apps/chat/support/SupportPage'),
                          (m) => <m.SupportPage />,
                        ),
                      },
                    ],
                  },
                ],
                'operator',
              ),
              {
                handle: { layout: 'default' } satisfies RouteHandle,
                lazy: lazyElement(
                  () => import('../../components/layouts/DefaultLayout'),
                  (m) => <m.DefaultLayout area="operator" />,
                ),
                // fea/* renders the list; /operator/fea/:orderId opens the request modal (descendant route); any other
                // tail is not found.
                children: [
                  {
                    lazy: lazyElement(
                      () => import('../../apps/operator/OperatorRightRoute'),
                      (m) => <m.OperatorRightRoute right="ORDERS_VIEW" />,
                    ),
                    children: [
                      {
                        path: 'fea/*',
                        lazy: validatedElement(
                          () => import('../../apps/operator/fea/OperatorFeaPage'),
                          (m) => <m.OperatorFeaPage />,
                          (params) => isOrderPathTail(params['*']),
                        ),
                      },
                      // API tokens (issue 12): an operator's tokens read the whole platform, hence ORDERS_VIEW.
                      {
                        path: 'api-tokens',
                        lazy: lazyElement(
                          () => import('../../components/apiTokens/ApiTokensPage'),
                          (m) => <m.ApiTokensPage />,
                        ),
                      },
                    ],
                  },
                  // Administration (issue 10; web/README.md "Operator routes"): /operator/agents are payment agents (data
                  // role PARTNER), /operator/partners referral partners (data role AGENT). Each page needs its right.
                  {
                    lazy: lazyElement(
                      () => import('../../apps/operator/OperatorRightRoute'),
                      (m) => <m.OperatorRightRoute right="CLIENTS" />,
                    ),
                    children: [
                      {
                        path: 'clients',
                        lazy: lazyElement(
                          () => import('../../apps/operator/clients/OperatorClientsPage'),
                          (m) => <m.OperatorClientsPage />,
                        ),
                      },
                    ],
                  },
                  {
                    lazy: lazyElement(
                      () => import('../../apps/operator/OperatorRightRoute'),
                      (m) => <m.OperatorRightRoute right="PAYMENT_AGENTS" />,
                    ),
                    children: [
                      {
                        path: 'agents',
                        lazy: lazyElement(
                          () => import('../../apps/operator/agents/PaymentAgentsPage'),
                          (m) => <m.PaymentAgentsPage />,
                        ),
                      },
                      {
                        path: 'agents/create',
                        lazy: lazyElement(
                          () => import('../../apps/operator/agents/PaymentAgentCreatePage'),
                          (m) => <m.PaymentAgentCreatePage />,
                        ),
                      },
                      {
                        path: 'agents/:id',
                        lazy: lazyElement(
                          () => import('../../apps/operator/agents/PaymentAgentPage'),
                          (m) => <m.PaymentAgentPage />,
                        ),
                      },
                    ],
                  },
                  {
                    lazy: lazyElement(
                      () => import('../../apps/operator/OperatorRightRoute'),
                      (m) => <m.OperatorRightRoute right="REFERRAL_PARTNERS" />,
                    ),
                    children: [
                      {
                        path: 'partners',
                        lazy: lazyElement(
                          () => import('../../apps/operator/partners/ReferralPartnersPage'),
                          (m) => <m.ReferralPartnersPage />,
                        ),
                      },
                      {
                        path: 'partners/create',
                        lazy: lazyElement(
                          () => import('../../apps/operator/partners/ReferralPartnerCreatePage'),
                          (m) => <m.ReferralPartnerCreatePage />,
                        ),
                      },
                      {
                        path: 'partners/:id/edit',
                        lazy: lazyElement(
                          () => import('../../apps/operator/partners/ReferralPartnerEditPage'),
                          (m) => <m.ReferralPartnerEditPage />,
                        ),
                      },
                    ],
                  },
                  {
                    lazy: lazyElement(
                      () => import('../../apps/operator/OperatorRightRoute'),
                      (m) => <m.OperatorRightRoute right="OPERATORS" />,
                    ),
                    children: [
                      {
                        path: 'operators',
                        lazy: lazyElement(
                          () => import('../../apps/operator/operators/OperatorsPage'),
                          (m) => <m.OperatorsPage />,
                        ),
                      },
                      {
                        path: 'operators/:id',
                        lazy: lazyElement(
                          () => import('../../apps/operator/operators/OperatorPage'),
                          (m) => <m.OperatorPage />,
                        ),
                      },
                    ],
                  },
                  {
                    lazy: lazyElement(
                      () => import('../../apps/operator/OperatorRightRoute'),
                      (m) => <m.OperatorRightRoute right="AUDIT_LOG" />,
                    ),
                    children: [
                      {
                        path: 'audit',
                        lazy: lazyElement(
                          () => import('../../apps/operator/audit/AuditLogPage'),
                          (m) => <m.AuditLogPage />,
                        ),
                      },
                    ],
                  },
                  // The inbox of callbacks and client recommendations (issue 11): right CLIENTS.
                  {
                    lazy: lazyElement(
                      () => import('../../apps/operator/OperatorRightRoute'),
                      (m) => <m.OperatorRightRoute right="CLIENTS" />,
                    ),
                    children: [
                      {
                        path: 'inbox',
                        lazy: lazyElement(
                          () => import('../../apps/operator/inbox/OperatorInboxPage'),
                          (m) => <m.OperatorInboxPage />,
                        ),
                      },
                    ],
                  },
                  notFoundRoute(),
                ],
              },
            ],
          },
          // A path outside every area and the public site.
          layoutRoute('empty', [notFoundRoute()]),
        ],
      },
    ],
  },
];

/** The browser router of the app. */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
