import { APP_ROUTES } from '@kaleido/common/browser';
import { Link } from 'react-router';
import type { MessageId } from '../i18n/catalogs/en';
import { useT } from '../i18n/use-t';
import { LanguageSwitcher } from './language-switcher';
import { LogoMark } from './logo';

const LINKS: readonly { to: string; label: MessageId }[] = [
  { to: APP_ROUTES.pricing, label: 'app.nav.pricing' },
  { to: APP_ROUTES.apiDocs, label: 'app.footer.apiDocs' },
  { to: APP_ROUTES.apiKeys, label: 'app.nav.apiKeys' },
  { to: APP_ROUTES.library, label: 'app.nav.library' },
];

export function SiteFooter() {
  const t = useT();
  return (
    <footer className="mt-auto border-t border-line">
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-8 text-sm text-fg-muted sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
        <div className="flex items-center gap-2">
          <LogoMark className="size-5 shrink-0" />
          <span className="min-w-0 text-pretty">{t('app.footer.tagline')}</span>
        </div>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:gap-6">
          <nav aria-label={t('app.nav.footer')}>
            <ul className="flex flex-wrap gap-x-5 gap-y-2">
              {LINKS.map(({ to, label }) => (
                <li key={to}>
                  <Link to={to} className="rounded transition-colors hover:text-fg">
                    {t(label)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <LanguageSwitcher />
        </div>
      </div>
    </footer>
  );
}
