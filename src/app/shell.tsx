import type { ReactNode } from 'react';
import { Link } from '@/lib/router';
import { usePathname } from '@/hooks/use-pathname';
import { ConnectionIndicator } from '@/features/connection/components/connection-indicator';
import { SetupNotice } from '@/features/connection/components/setup-notice';
import { PAGES } from './page-routes';

export function Shell({ children }: { children: ReactNode }) {
  const pathname = usePathname();
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="shell-header">
        <span className="product-name">Service AI Console</span>
        <nav aria-label="Main">
          <ul className="nav-list">
            {PAGES.map((p) => (
              <li key={p.path}>
                <Link to={p.path} aria-current={pathname === p.path || pathname.startsWith(`${p.path}/`) ? 'page' : undefined}>
                  {p.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <ConnectionIndicator />
      </header>
      <main id="main" className="shell-main" tabIndex={-1}>
        {pathname !== '/settings' && <SetupNotice />}
        {children}
      </main>
    </div>
  );
}
