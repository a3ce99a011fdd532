import { APP_ROUTES, PRODUCT_NAME } from '@kaleido/common/browser';
import { Link } from 'react-router';
import { LogoMark } from './logo';

const LINKS = [
  { to: APP_ROUTES.pricing, label: 'Pricing' },
  { to: APP_ROUTES.apiDocs, label: 'API Docs' },
  { to: APP_ROUTES.apiKeys, label: 'API Keys' },
  { to: APP_ROUTES.library, label: 'Library' },
];

export function SiteFooter() {
  return (
    <footer className="mt-auto border-t border-line">
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-8 text-sm text-fg-muted sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
        <div className="flex items-center gap-2">
          <LogoMark className="size-5" />
          <span>{PRODUCT_NAME} · self-hostable AI image and video generation</span>
        </div>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-5 gap-y-2">
            {LINKS.map(({ to, label }) => (
              <li key={to}>
                <Link to={to} className="rounded transition-colors hover:text-fg">
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
