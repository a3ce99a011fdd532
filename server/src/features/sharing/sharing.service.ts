import { HANDLE_PATTERN, type TAsset, type TPublicProfile } from '@kaleido/common';
import { AppError } from '../../platform/http/app-error.js';
import { decodeCursor, encodeCursor } from '../../platform/http/keyset-cursor.js';
import type { UrlSigner } from '../../platform/storage/signed-urls.js';
import type { UsersRepository } from '../accounts/users.repository.js';
import type { AssetsRepository } from '../library/assets.repository.js';
import { presentAsset } from '../library/library.presenter.js';
import { presentSharedItem } from './sharing.presenter.js';
import type { SharingRepository } from './sharing.repository.js';
import { canSeeProfile, type Viewer } from './visibility.js';

/** The Share toggle of library assets and the public profile pages (/u/<handle>). */
export function createSharingService(deps: {
  sharing: SharingRepository;
  users: UsersRepository;
  assets: AssetsRepository;
  signer: UrlSigner;
}) {
  return {
    /** Shares an asset of `userId` or stops sharing it; someone else's (or a missing) asset is 404. */
    async setShared(userId: string, assetId: string, shared: boolean): Promise<TAsset> {
      const changed = await deps.sharing.setShared(assetId, userId, shared);
      const row = await deps.assets.findOwned(assetId, userId);
      if (!row) throw new AppError('NOT_FOUND', 'api.library.assetNotFound');
      if (shared && row.kind === 'audio') throw new AppError('BAD_REQUEST', 'api.sharing.audioNotShared');
      // 3D objects (issue 21) stay private too: the gallery and profiles show pictures and videos.
      if (shared && row.kind === 'model') throw new AppError('BAD_REQUEST', 'api.sharing.modelNotShared');
      if (!changed) throw new AppError('CONFLICT', 'api.sharing.saveBeforeSharing');
      return presentAsset(row, deps.signer);
    },

    /**
     * A profile and one page of its shared creations. A profile the viewer may not see answers like an
     * unknown handle (404), so a private profile's existence does not leak.
     */
    async profile(
      handle: string,
      viewer: Viewer,
      page: { cursor?: string; limit: number },
    ): Promise<TPublicProfile> {
      const wanted = handle.toLowerCase();
      const owner = HANDLE_PATTERN.test(wanted) ? await deps.users.findByHandle(wanted) : undefined;
      if (!owner?.handle || !canSeeProfile({ id: owner.id, visibility: owner.profile_visibility }, viewer))
        throw new AppError('PROFILE_NOT_FOUND');
      const rows = await deps.sharing.page({
        viewer,
        ownerId: owner.id,
        after: decodeCursor(page.cursor),
        limit: page.limit + 1,
      });
      const items = rows.slice(0, page.limit);
      const last = items.at(-1);
      const isOwner = viewer?.userId === owner.id;
      return {
        handle: owner.handle,
        displayName: owner.display_name,
        memberSince: owner.created_at,
        isOwner,
        visibility: isOwner ? owner.profile_visibility : null,
        items: items.map((row) => presentSharedItem(row, deps.signer)),
        nextCursor: rows.length > page.limit && last ? encodeCursor(last) : null,
      };
    },
  };
}

export type SharingService = ReturnType<typeof createSharingService>;
