import { APP_ROUTES } from '@kaleido/common/browser';
import type { RouteObject } from 'react-router';
import { RouteErrorBoundary } from './app/error-boundary';
import { FullScreenLoader } from './app/full-screen-loader';
import { RootLayout } from './app/root-layout';

/**
 * Every page is its own chunk, loaded when first visited. The shell (RootLayout) stays mounted;
 * the pathless route below it catches page errors so the navigation survives them.
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
            lazy: async () => ({ Component: (await import('./features/home/home-page')).HomePage }),
          },
          {
            path: APP_ROUTES.generateImage,
            lazy: async () => ({
              Component: (await import('./features/generate/generate-image-page')).GenerateImagePage,
            }),
          },
          {
            path: APP_ROUTES.generateVideo,
            lazy: async () => ({
              Component: (await import('./features/generate/generate-video-page')).GenerateVideoPage,
            }),
          },
          {
            path: APP_ROUTES.library,
            lazy: async () => ({ Component: (await import('./features/library/library-page')).LibraryPage }),
          },
          {
            path: APP_ROUTES.auth,
            lazy: async () => ({ Component: (await import('./features/auth/auth-page')).AuthPage }),
          },
          {
            path: APP_ROUTES.authReset,
            lazy: async () => ({
              Component: (await import('./features/auth/reset-password-page')).ResetPasswordPage,
            }),
          },
          {
            path: APP_ROUTES.pricing,
            lazy: async () => ({ Component: (await import('./features/pricing/pricing-page')).PricingPage }),
          },
          {
            path: APP_ROUTES.profile,
            lazy: async () => ({ Component: (await import('./features/profile/profile-page')).ProfilePage }),
          },
          {
            path: APP_ROUTES.billing,
            lazy: async () => ({ Component: (await import('./features/billing/billing-page')).BillingPage }),
          },
          {
            path: APP_ROUTES.apiKeys,
            lazy: async () => ({
              Component: (await import('./features/api-keys/api-keys-page')).ApiKeysPage,
            }),
          },
          {
            path: APP_ROUTES.apiDocs,
            lazy: async () => ({
              Component: (await import('./features/api-docs/api-docs-page')).ApiDocsPage,
            }),
          },
          {
            path: APP_ROUTES.tools,
            lazy: async () => ({ Component: (await import('./features/home/tools-page')).ToolsPage }),
          },
          {
            path: APP_ROUTES.promptVariations,
            lazy: async () => ({
              Component: (await import('./features/experimental/prompt-variations-page'))
                .PromptVariationsPage,
            }),
          },
          {
            path: APP_ROUTES.enhance,
            lazy: async () => ({ Component: (await import('./features/tools/enhance-page')).EnhancePage }),
          },
          {
            path: APP_ROUTES.edit,
            lazy: async () => ({ Component: (await import('./features/tools/edit-page')).EditPage }),
          },
          {
            path: APP_ROUTES.realtime,
            lazy: async () => ({ Component: (await import('./features/tools/realtime-page')).RealtimePage }),
          },
          {
            path: APP_ROUTES.threeD,
            lazy: async () => ({ Component: (await import('./features/tools/three-d-page')).ThreeDPage }),
          },
          {
            path: APP_ROUTES.train,
            lazy: async () => ({ Component: (await import('./features/tools/train-page')).TrainPage }),
          },
          {
            path: APP_ROUTES.lipsync,
            lazy: async () => ({ Component: (await import('./features/tools/lipsync-page')).LipsyncPage }),
          },
          {
            path: APP_ROUTES.providerDocs,
            lazy: async () => ({
              Component: (await import('./features/provider-docs/provider-docs-page')).ProviderDocsPage,
            }),
          },
          {
            path: APP_ROUTES.gallery,
            lazy: async () => ({ Component: (await import('./features/home/gallery-page')).GalleryPage }),
          },
          {
            path: APP_ROUTES.publicProfile,
            lazy: async () => ({
              Component: (await import('./features/sharing/public-profile-page')).PublicProfilePage,
            }),
          },
          {
            // The administrators' console: its own chunks, loaded only when an administrator opens it.
            path: APP_ROUTES.admin,
            lazy: async () => ({ Component: (await import('./features/admin/admin-layout')).AdminLayout }),
            children: [
              {
                index: true,
                lazy: async () => ({
                  Component: (await import('./features/admin/dashboard-page')).DashboardPage,
                }),
              },
              {
                path: APP_ROUTES.adminPeople,
                lazy: async () => ({ Component: (await import('./features/admin/people-page')).PeoplePage }),
              },
              {
                path: APP_ROUTES.adminPerson,
                lazy: async () => ({ Component: (await import('./features/admin/person-page')).PersonPage }),
              },
              {
                path: APP_ROUTES.adminJobs,
                lazy: async () => ({ Component: (await import('./features/admin/jobs-page')).JobsPage }),
              },
              {
                path: APP_ROUTES.adminJob,
                lazy: async () => ({ Component: (await import('./features/admin/job-page')).JobPage }),
              },
              {
                path: APP_ROUTES.adminModeration,
                lazy: async () => ({
                  Component: (await import('./features/admin/moderation-page')).ModerationPage,
                }),
              },
              {
                path: APP_ROUTES.adminSettings,
                lazy: async () => ({
                  Component: (await import('./features/admin/site-settings-page')).SiteSettingsPage,
                }),
              },
              {
                path: APP_ROUTES.adminAudit,
                lazy: async () => ({ Component: (await import('./features/admin/audit-page')).AuditPage }),
              },
            ],
          },
          {
            path: '*',
            lazy: async () => ({ Component: (await import('./app/not-found-page')).NotFoundPage }),
          },
        ],
      },
    ],
  },
];
