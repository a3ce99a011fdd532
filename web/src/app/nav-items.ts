import { APP_ROUTES } from '@kaleido/common/browser';
import {
  BookOpen,
  Clapperboard,
  CreditCard,
  House,
  ImageIcon,
  KeyRound,
  Library,
  type LucideIcon,
  Tag,
  UserRound,
} from 'lucide-react';
import type { MessageId } from '../i18n/catalogs/en';

export interface NavItem {
  to: string;
  /** The catalog id of the label (translated where it is rendered). */
  label: MessageId;
  icon: LucideIcon;
  /** Shown only to signed-in people. */
  signedInOnly?: boolean;
}

/** The destinations of the chrome, defined once for the top bar, the bottom bar and the user menu. */
const NAV = {
  home: { to: APP_ROUTES.home, label: 'app.nav.home', icon: House },
  image: { to: APP_ROUTES.generateImage, label: 'app.nav.image', icon: ImageIcon },
  video: { to: APP_ROUTES.generateVideo, label: 'app.nav.video', icon: Clapperboard },
  library: { to: APP_ROUTES.library, label: 'app.nav.library', icon: Library },
  pricing: { to: APP_ROUTES.pricing, label: 'app.nav.pricing', icon: Tag },
  profile: { to: APP_ROUTES.profile, label: 'app.nav.profile', icon: UserRound },
  billing: { to: APP_ROUTES.billing, label: 'app.nav.billing', icon: CreditCard },
  apiKeys: { to: APP_ROUTES.apiKeys, label: 'app.nav.apiKeys', icon: KeyRound },
  apiDocs: { to: APP_ROUTES.apiDocs, label: 'app.nav.apiDocs', icon: BookOpen },
} as const satisfies Record<string, NavItem>;

/** Top navigation bar (spec section 2): Home, Image, Video, Library, Pricing, Profile. */
export const TOP_NAV: readonly NavItem[] = [
  NAV.home,
  NAV.image,
  NAV.video,
  NAV.library,
  NAV.pricing,
  NAV.profile,
];

/** Mobile bottom bar: Home, Image, Video, plus Library and Profile when signed in (Sign In otherwise). */
export const BOTTOM_NAV: readonly NavItem[] = [
  NAV.home,
  NAV.image,
  NAV.video,
  { ...NAV.library, signedInOnly: true },
  { ...NAV.profile, signedInOnly: true },
];

/** The user menu: Profile, Billing, API Keys, API Documentation (then Sign Out). */
export const USER_MENU: readonly NavItem[] = [NAV.profile, NAV.billing, NAV.apiKeys, NAV.apiDocs];
