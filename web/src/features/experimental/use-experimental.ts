import { useQuery } from '@tanstack/react-query';
import { useUser } from '../auth/auth-provider';
import { settingsQueryOptions } from '../settings/api';

/**
 * Whether the signed-in person opted into experimental tools (Settings → Advanced → Experimental
 * features). Signed out, or until the settings are known: no.
 */
export function useExperimentalFeatures(): { enabled: boolean; pending: boolean } {
  const { user } = useUser();
  const settings = useQuery({ ...settingsQueryOptions(), enabled: user !== null });
  return {
    enabled: user !== null && settings.data?.experimentalFeatures === true,
    pending: user !== null && settings.isPending,
  };
}
