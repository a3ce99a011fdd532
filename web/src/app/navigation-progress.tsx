import { useNavigation } from 'react-router';
import { useT } from '../i18n/use-t';

/** A thin bar at the top while the next page's code loads. */
export function NavigationProgress() {
  const t = useT();
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div
      role="progressbar"
      aria-label={t('app.nav.loadingPage')}
      className="fixed inset-x-0 top-0 z-[60] h-0.5 overflow-hidden bg-accent-soft"
    >
      <div className="h-full w-2/5 animate-page-progress bg-kaleido" />
    </div>
  );
}
