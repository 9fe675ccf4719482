import { type ComponentType, Suspense } from 'react';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { AppErrorScreen } from '../components/AppErrorScreen';
import { Layout } from '../components/layout/Layout';
import { PageLoader } from '../components/PageLoader';
import { RequireSession } from '../components/RequireSession';
import { paths } from '../config/paths';
import { LandingPage } from '../features/landing/LandingPage';
import { registerRouteLoader } from '../runtime/preload';
import { retryingImport, retryingLazy } from '../runtime/retrying-import';

const loadPracticePage = () => import('../features/practice-session/PracticePage');
registerRouteLoader('practice', loadPracticePage);

/**
 * Lazy route: the page's module loads on first visit, with retries (a dropped connection loses a
 * code chunk). The landing page stays eager because it is the usual first paint (making it lazy
 * measurably slowed it). A load that still fails does not reject: the router would keep that
 * rejection for good. The route gets a component that loads the page when rendered, and its
 * failure shows the error screen, whose Try again loads it afresh.
 */
function lazyPage<M>(
  load: () => Promise<M>,
  pick: (m: M) => ComponentType,
  guarded = false,
): RouteObject['lazy'] {
  const guard = (Page: ComponentType) =>
    guarded
      ? () => (
          <RequireSession>
            <Page />
          </RequireSession>
        )
      : Page;
  return async () => {
    try {
      return { Component: guard(pick(await retryingImport(load))) };
    } catch {
      const LatePage = retryingLazy(async () => ({ default: pick(await load()) }));
      return {
        Component: guard(() => (
          <Suspense fallback={<PageLoader />}>
            <LatePage />
          </Suspense>
        )),
      };
    }
  };
}

/** The route tree; the browser (src/main.tsx) and the prerenderer (src/entry-server.tsx) build their routers from it. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    // The header or footer itself failed (the mobile menu's code did not arrive): a screen of its own.
    errorElement: <AppErrorScreen standalone />,
    // Shown while a lazy page's code loads on the first visit.
    hydrateFallbackElement: <PageLoader />,
    children: [
      {
        // A page that failed to load or render: the error screen inside the header and footer.
        errorElement: <AppErrorScreen />,
        children: pages(),
      },
    ],
  },
];

/** The pages inside the layout. */
function pages(): RouteObject[] {
  return [
    { path: paths.home, element: <LandingPage /> },
    {
      path: paths.about,
      lazy: lazyPage(
        () => import('../features/marketing/AboutPage'),
        (m) => m.AboutPage,
      ),
    },
    {
      path: paths.pricing,
      lazy: lazyPage(
        () => import('../features/marketing/PricingPage'),
        (m) => m.PricingPage,
      ),
    },
    {
      path: paths.faq,
      lazy: lazyPage(
        () => import('../features/marketing/FaqPage'),
        (m) => m.FaqPage,
      ),
    },
    {
      path: paths.support,
      lazy: lazyPage(
        () => import('../features/marketing/SupportPage'),
        (m) => m.SupportPage,
      ),
    },
    {
      path: paths.terms,
      lazy: lazyPage(
        () => import('../features/legal/TermsPage'),
        (m) => m.TermsPage,
      ),
    },
    {
      path: paths.privacy,
      lazy: lazyPage(
        () => import('../features/legal/PrivacyPage'),
        (m) => m.PrivacyPage,
      ),
    },
    {
      path: paths.exams,
      lazy: lazyPage(
        () => import('../features/exams/ExamsPage'),
        (m) => m.ExamsPage,
      ),
    },
    // The readiness report checks the session itself (its machine owns the access gate).
    {
      path: paths.mockReport,
      lazy: lazyPage(
        () => import('../features/mock-report/MockReportPage'),
        (m) => m.MockReportPage,
      ),
    },
    {
      path: paths.readinessMethod,
      lazy: lazyPage(
        () => import('../features/exams/ReadinessMethodPage'),
        (m) => m.ReadinessMethodPage,
      ),
    },
    {
      path: paths.register,
      lazy: lazyPage(
        () => import('../features/register/RegisterPage'),
        (m) => m.RegisterPage,
      ),
    },
    {
      path: paths.login,
      lazy: lazyPage(
        () => import('../features/email-login/LoginPage'),
        (m) => m.LoginPage,
      ),
    },
    {
      path: paths.authCallback,
      lazy: lazyPage(
        () => import('../features/auth-callback/AuthCallbackPage'),
        (m) => m.AuthCallbackPage,
      ),
    },
    {
      path: paths.resetPassword,
      lazy: lazyPage(
        () => import('../features/reset-password/ResetPasswordPage'),
        (m) => m.ResetPasswordPage,
      ),
    },
    {
      path: paths.authReset,
      lazy: lazyPage(
        () => import('../features/reset-password/ResetPasswordPage'),
        (m) => m.ResetPasswordPage,
      ),
    },
    {
      path: paths.dashboard,
      lazy: lazyPage(
        () => import('../features/dashboard/DashboardPage'),
        (m) => m.DashboardPage,
        true,
      ),
    },
    {
      path: paths.results,
      lazy: lazyPage(
        () => import('../features/learning-record/ResultsPage'),
        (m) => m.ResultsPage,
        true,
      ),
    },
    {
      path: paths.profile,
      lazy: lazyPage(
        () => import('../features/profile/ProfilePage'),
        (m) => m.ProfilePage,
        true,
      ),
    },
    // The practice flow checks the session itself (its machine owns the guard).
    {
      path: paths.practice,
      lazy: lazyPage(loadPracticePage, (m) => m.PracticePage),
    },
    // Create a test: the builder checks the session and access itself (the shared access gate).
    {
      path: paths.customTest,
      lazy: lazyPage(
        () => import('../features/custom-test/TestBuilderPage'),
        (m) => m.TestBuilderPage,
      ),
    },
    // The answering page of a custom test checks the session itself (its machine owns the guard).
    {
      path: paths.customTestSession,
      lazy: lazyPage(
        () => import('../features/test-session/TestSessionPage'),
        (m) => m.TestSessionPage,
      ),
    },
    // Clinical judgment practice checks the session itself too (its machine owns the guard).
    {
      path: paths.clinicalJudgment,
      lazy: lazyPage(
        () => import('../features/clinical-judgment/ClinicalJudgmentPage'),
        (m) => m.ClinicalJudgmentPage,
      ),
    },
    // The mock exam checks the session itself too (its machine owns the guard); /exams stays public.
    {
      path: paths.mockExam,
      lazy: lazyPage(
        () => import('../features/mock-exam/MockExamPage'),
        (m) => m.MockExamPage,
      ),
    },
    {
      path: paths.billing,
      lazy: lazyPage(
        () => import('../features/billing/BillingPage'),
        (m) => m.BillingPage,
      ),
    },
    {
      path: paths.billingSuccess,
      lazy: lazyPage(
        () => import('../features/billing/BillingSuccessPage'),
        (m) => m.BillingSuccessPage,
      ),
    },
    {
      path: paths.checkoutSuccess,
      lazy: lazyPage(
        () => import('../features/checkout-return/CheckoutSuccessPage'),
        (m) => m.CheckoutSuccessPage,
      ),
    },
    {
      path: paths.checkoutCancel,
      lazy: lazyPage(
        () => import('../features/billing/CheckoutCancelPage'),
        (m) => m.CheckoutCancelPage,
      ),
    },
    {
      path: paths.devStripe,
      lazy: lazyPage(
        () => import('../features/billing/DevStripePage'),
        (m) => m.DevStripePage,
      ),
    },
    {
      path: paths.pay,
      lazy: lazyPage(
        () => import('../features/billing/PayPage'),
        (m) => m.PayPage,
      ),
    },
    // Development builds only: the condition is false in production, so the page is not bundled.
    ...(import.meta.env.DEV
      ? [
          {
            path: paths.devFlows,
            lazy: lazyPage(
              () => import('../dev/flows/FlowsPage'),
              (m) => m.FlowsPage,
            ),
          },
        ]
      : []),
    {
      path: '*',
      lazy: lazyPage(
        () => import('../features/not-found/NotFoundPage'),
        (m) => m.NotFoundPage,
      ),
    },
  ];
}

/**
 * Loads the code of the lazy routes that match `pathname` and puts it on the route objects, so a
 * router created afterwards starts initialised: prerendered HTML then hydrates into the same page
 * instead of passing through the loading fallback (which would not match the HTML).
 */
export async function loadMatchedRoutes(pathname: string): Promise<void> {
  const lazyMatches = (matchRoutes(routes, pathname) ?? []).filter((match) => match.route.lazy);
  await Promise.all(
    lazyMatches.map(async ({ route }) => {
      const load = route.lazy;
      if (typeof load !== 'function') return;
      Object.assign(route, await load(), { lazy: undefined });
    }),
  );
}
