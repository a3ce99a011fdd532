/** The routes of the single-page app (spec section 2). The server answers deep links to these with the app. */
export const APP_ROUTES = {
  home: '/',
  generateImage: '/generate/image',
  generateVideo: '/generate/video',
  library: '/library',
  auth: '/auth',
  /** Where the e-mailed password reset link lands (`/auth/reset?token=…`). */
  authReset: '/auth/reset',
  pricing: '/pricing',
  profile: '/profile',
  billing: '/billing',
  apiKeys: '/api-keys',
  apiDocs: '/api-docs',
  /** Every tool of the home page's Generate section ('Show all'). */
  tools: '/tools',
  /** The full public gallery ('View all'). */
  gallery: '/gallery',
  /** Experimental: one prompt, four seeds (see EXPERIMENTAL_TOOLS). */
  promptVariations: '/tools/variations',
  /** Enhancer: neural super-resolution of an upload or library asset (issue 16). */
  enhance: '/tools/enhance',
  /** Edit: restyle, expand, inpaint or prompt-edit an image (issue 16). */
  edit: '/tools/edit',
  /** Video Lipsync: a video's lips moved to an audio upload by a hosted model (issue 21). */
  lipsync: '/tools/lipsync',
  /** Realtime: a drawing and a prompt become an image live (issue 21). */
  realtime: '/tools/realtime',
  /** Train: a personal model (LoRA) from 10–40 of the person's images (issue 21). */
  train: '/tools/train',
  /** 3D Objects: a prompt (and optionally an image) becomes a GLB 3D object (issue 21). */
  threeD: '/tools/3d',
  /** The AI provider setup guide, where "needs an AI provider" leads (PROVIDER_SETUP_DOCS_PATH). */
  providerDocs: '/docs/providers',
  /** A person's public profile (`/u/<handle>`); see ROUTE_PATTERNS. */
  publicProfile: '/u/:handle',
  /** The administrators' console (issue 20): dashboard, then its sections. */
  admin: '/admin',
  adminPeople: '/admin/people',
  /** One person's page in the console; see ROUTE_PATTERNS. */
  adminPerson: '/admin/people/:id',
  adminJobs: '/admin/jobs',
  /** One job's detail in the console; see ROUTE_PATTERNS. */
  adminJob: '/admin/jobs/:id',
  adminModeration: '/admin/moderation',
  adminSettings: '/admin/settings',
  adminAudit: '/admin/audit',
} as const;

export type TAppRoute = (typeof APP_ROUTES)[keyof typeof APP_ROUTES];

const KNOWN_PATHS = new Set<string>(Object.values(APP_ROUTES).filter((path) => !path.includes(':')));

/** Routes with a parameter, as the paths they answer (a public profile's handle, see HANDLE_PATTERN). */
const ROUTE_PATTERNS: readonly RegExp[] = [
  /^\/u\/[a-z0-9][a-z0-9_-]{2,29}$/,
  /^\/admin\/(?:people|jobs)\/[A-Za-z0-9_-]{1,100}$/,
];

/** True when `pathname` is one of the app's routes (a trailing slash is tolerated). */
export function isAppRoute(pathname: string): boolean {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return KNOWN_PATHS.has(trimmed) || ROUTE_PATTERNS.some((pattern) => pattern.test(trimmed));
}
