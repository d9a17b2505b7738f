import { useT } from '@/hooks/use-t';
import { tNodes } from '@/i18n/t-nodes';

export function NotFound({ pathname }: { pathname: string }) {
  const t = useT();
  return (
    <section aria-labelledby="nf-title">
      <h1 id="nf-title">{t('common.pages.notFound')}</h1>
      <p>{tNodes('common.pages.notFoundBody', { path: <code>{pathname}</code> })}</p>
    </section>
  );
}
