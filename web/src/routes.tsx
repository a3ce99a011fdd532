import { APP_ROUTES } from '@kaleido/common/browser';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { RouteErrorBoundary } from './app/error-boundary';
import { FullScreenLoader } from './app/full-screen-loader';
import { RootLayout } from './app/root-layout';
import { loadAreas, type PageKey, pageAreas } from './i18n/load-messages';

/**
 * A page's lazy route: its chunk and the catalog areas it shows (i18n/page-areas.json) load together,
 * so the page never renders before its texts.
 */
function page<M>(key: PageKey, load: () => Promise<M>, component: (module: M) => ComponentType) {
  return async () => {
    const [module] = await Promise.all([load(), loadAreas(pageAreas(key))]);
    return { Component: component(module) };
  };
}

/**
 * Every page is its own chunk, loaded when first visited with the texts it shows. The shell
 * (RootLayout) stays mounted; the pathless route below it catches page errors so the navigation
 * survives them.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: FullScreenLoader,
    ErrorBoundary: RouteErrorBoundary,
    children: [
      {
        ErrorBoundary: RouteErrorBoundary,
        children: [
          {
            index: true,
            lazy: page(
              'features/home/home-page',
              () => import('./features/home/home-page'),
              (module) => module.HomePage,
            ),
          },
          {
            path: APP_ROUTES.generateImage,
            lazy: page(
              'features/generate/generate-image-page',
              () => import('./features/generate/generate-image-page'),
              (module) => module.GenerateImagePage,
            ),
          },
          {
            path: APP_ROUTES.generateVideo,
            lazy: page(
              'features/generate/generate-video-page',
              () => import('./features/generate/generate-video-page'),
              (module) => module.GenerateVideoPage,
            ),
          },
          {
            path: APP_ROUTES.library,
            lazy: page(
              'features/library/library-page',
              () => import('./features/library/library-page'),
              (module) => module.LibraryPage,
            ),
          },
          {
            path: APP_ROUTES.auth,
            lazy: page(
              'features/auth/auth-page',
              () => import('./features/auth/auth-page'),
              (module) => module.AuthPage,
            ),
          },
          {
            path: APP_ROUTES.authReset,
            lazy: page(
              'features/auth/reset-password-page',
              () => import('./features/auth/reset-password-page'),
              (module) => module.ResetPasswordPage,
            ),
          },
          {
            path: APP_ROUTES.pricing,
            lazy: page(
              'features/pricing/pricing-page',
              () => import('./features/pricing/pricing-page'),
              (module) => module.PricingPage,
            ),
          },
          {
            path: APP_ROUTES.profile,
            lazy: page(
              'features/profile/profile-page',
              () => import('./features/profile/profile-page'),
              (module) => module.ProfilePage,
            ),
          },
          {
            path: APP_ROUTES.billing,
            lazy: page(
              'features/billing/billing-page',
              () => import('./features/billing/billing-page'),
              (module) => module.BillingPage,
            ),
          },
          {
            path: APP_ROUTES.apiKeys,
            lazy: page(
              'features/api-keys/api-keys-page',
              () => import('./features/api-keys/api-keys-page'),
              (module) => module.ApiKeysPage,
            ),
          },
          {
            path: APP_ROUTES.apiDocs,
            lazy: page(
              'features/api-docs/api-docs-page',
              () => import('./features/api-docs/api-docs-page'),
              (module) => module.ApiDocsPage,
            ),
          },
          {
            path: APP_ROUTES.tools,
            lazy: page(
              'features/home/tools-page',
              () => import('./features/home/tools-page'),
              (module) => module.ToolsPage,
            ),
          },
          {
            path: APP_ROUTES.promptVariations,
            lazy: page(
              'features/experimental/prompt-variations-page',
              () => import('./features/experimental/prompt-variations-page'),
              (module) => module.PromptVariationsPage,
            ),
          },
          {
            path: APP_ROUTES.enhance,
            lazy: page(
              'features/tools/enhance-page',
              () => import('./features/tools/enhance-page'),
              (module) => module.EnhancePage,
            ),
          },
          {
            path: APP_ROUTES.edit,
            lazy: page(
              'features/tools/edit-page',
              () => import('./features/tools/edit-page'),
              (module) => module.EditPage,
            ),
          },
          {
            path: APP_ROUTES.realtime,
            lazy: page(
              'features/tools/realtime-page',
              () => import('./features/tools/realtime-page'),
              (module) => module.RealtimePage,
            ),
          },
          {
            path: APP_ROUTES.threeD,
            lazy: page(
              'features/tools/three-d-page',
              () => import('./features/tools/three-d-page'),
              (module) => module.ThreeDPage,
            ),
          },
          {
            path: APP_ROUTES.train,
            lazy: page(
              'features/tools/train-page',
              () => import('./features/tools/train-page'),
              (module) => module.TrainPage,
            ),
          },
          {
            path: APP_ROUTES.lipsync,
            lazy: page(
              'features/tools/lipsync-page',
              () => import('./features/tools/lipsync-page'),
              (module) => module.LipsyncPage,
            ),
          },
          {
            path: APP_ROUTES.providerDocs,
            lazy: page(
              'features/provider-docs/provider-docs-page',
              () => import('./features/provider-docs/provider-docs-page'),
              (module) => module.ProviderDocsPage,
            ),
          },
          {
            path: APP_ROUTES.gallery,
            lazy: page(
              'features/home/gallery-page',
              () => import('./features/home/gallery-page'),
              (module) => module.GalleryPage,
            ),
          },
          {
            path: APP_ROUTES.publicProfile,
            lazy: page(
              'features/sharing/public-profile-page',
              () => import('./features/sharing/public-profile-page'),
              (module) => module.PublicProfilePage,
            ),
          },
          {
            // The administrators' console: its own chunks, loaded only when an administrator opens it.
            path: APP_ROUTES.admin,
            lazy: page(
              'features/admin/admin-layout',
              () => import('./features/admin/admin-layout'),
              (module) => module.AdminLayout,
            ),
            children: [
              {
                index: true,
                lazy: page(
                  'features/admin/dashboard-page',
                  () => import('./features/admin/dashboard-page'),
                  (module) => module.DashboardPage,
                ),
              },
              {
                path: APP_ROUTES.adminPeople,
                lazy: page(
                  'features/admin/people-page',
                  () => import('./features/admin/people-page'),
                  (module) => module.PeoplePage,
                ),
              },
              {
                path: APP_ROUTES.adminPerson,
                lazy: page(
                  'features/admin/person-page',
                  () => import('./features/admin/person-page'),
                  (module) => module.PersonPage,
                ),
              },
              {
                path: APP_ROUTES.adminJobs,
                lazy: page(
                  'features/admin/jobs-page',
                  () => import('./features/admin/jobs-page'),
                  (module) => module.JobsPage,
                ),
              },
              {
                path: APP_ROUTES.adminJob,
                lazy: page(
                  'features/admin/job-page',
                  () => import('./features/admin/job-page'),
                  (module) => module.JobPage,
                ),
              },
              {
                path: APP_ROUTES.adminModeration,
                lazy: page(
                  'features/admin/moderation-page',
                  () => import('./features/admin/moderation-page'),
                  (module) => module.ModerationPage,
                ),
              },
              {
                path: APP_ROUTES.adminSettings,
                lazy: page(
                  'features/admin/site-settings-page',
                  () => import('./features/admin/site-settings-page'),
                  (module) => module.SiteSettingsPage,
                ),
              },
              {
                path: APP_ROUTES.adminAudit,
                lazy: page(
                  'features/admin/audit-page',
                  () => import('./features/admin/audit-page'),
                  (module) => module.AuditPage,
                ),
              },
            ],
          },
          {
            path: '*',
            lazy: page(
              'app/not-found-page',
              () => import('./app/not-found-page'),
              (module) => module.NotFoundPage,
            ),
          },
        ],
      },
    ],
  },
];
