import { Component, type ErrorInfo, type ReactNode } from 'react';
import { usePathname } from '@/hooks/use-pathname';
import { t } from '@/i18n/i18n-store';

type Props = { children: ReactNode; resetKey: string };
type State = { error: Error | null; resetKey: string };

/**
 * The last line of defence: a page that throws while rendering shows what happened instead of a
 * blank console. The shell stays, so the operator can move to another page; saved data (watch
 * list, draft, history) lives in the browser's storage and is not touched.
 */
class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  // A new page starts afresh. Not a remount by key: that would also reset the pages' own state.
  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('The page failed to render', error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div role="alert" className="alert alert-error">
        <p className="alert-title">{t('common.crash.title')}</p>
        <p>{error.message}</p>
        <p>{t('common.crash.kept')}</p>
        <button type="button" onClick={() => window.location.reload()}>
          {t('common.crash.reload')}
        </button>
      </div>
    );
  }
}

/** One boundary per page: moving to another page starts it afresh. */
export function PageErrorBoundary({ children }: { children: ReactNode }) {
  return <ErrorBoundary resetKey={usePathname()}>{children}</ErrorBoundary>;
}
