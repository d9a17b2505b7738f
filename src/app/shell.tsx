import type { ReactNode } from 'react';
import { Link } from '@/lib/router';
import { usePathname } from '@/hooks/use-pathname';
import { ConnectionIndicator } from '@/features/connection/components/connection-indicator';
import { SetupNotice } from '@/features/connection/components/setup-notice';
import { LanguageSelect } from '@/components/language-select';
import { SetAsideNotice } from '@/components/set-aside-notice';
import { useT } from '@/hooks/use-t';
import { PRODUCT_NAME } from '@/hooks/use-document-title';
import { PAGES } from './page-routes';
import { CommandKeys } from '@/features/commands/components/command-keys';

export function Shell({ children }: { children: ReactNode }) {
  const pathname = usePathname();
  const t = useT();
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t('common.app.skipToContent')}
      </a>
      <header className="shell-header">
        <span className="product-name">{PRODUCT_NAME}</span>
        <nav aria-label={t('common.app.mainNav')}>
          <ul className="nav-list">
            {PAGES.map((p) => (
              <li key={p.path}>
                <Link to={p.path} aria-current={pathname === p.path || pathname.startsWith(`${p.path}/`) ? 'page' : undefined}>
                  {t(p.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <ConnectionIndicator />
        <LanguageSelect id="header-language" hideLabel className="header-language" />
        <CommandKeys appCommands={() => import('./command-sources').then((m) => m.appCommands)} />
      </header>
      <main id="main" className="shell-main" tabIndex={-1}>
        {pathname !== '/settings' && <SetupNotice />}
        <SetAsideNotice />
        {children}
      </main>
    </div>
  );
}
