/**
 * Who sees a person's shared creations (DECISIONS, profileVisibility): everyone when the profile is
 * public; signed-in members of this installation when it is `friends`; nobody else when private. The
 * owner always sees their own. The gallery and the profile page both ask this one rule (the SQL form
 * is `sharedVisibleTo` in sharing.repository.ts, built from `visibleProfileKinds`).
 */
export type ProfileVisibility = 'public' | 'friends' | 'private';

/** Who is looking: a signed-in member, or nobody (an anonymous visitor). */
export type Viewer = { userId: string } | null;

/** The profile visibilities under which `viewer` sees other people's shared creations. */
export function visibleProfileKinds(viewer: Viewer): ProfileVisibility[] {
  return viewer ? ['public', 'friends'] : ['public'];
}

/** True when `viewer` may see the shared creations (and the profile page) of `owner`. */
export function canSeeProfile(owner: { id: string; visibility: ProfileVisibility }, viewer: Viewer): boolean {
  return viewer?.userId === owner.id || visibleProfileKinds(viewer).includes(owner.visibility);
}
