import { setLocale } from '@/i18n/i18n-store';
import { useLocale, useT } from '@/hooks/use-t';
import { LOCALES, type Locale } from '@/i18n/locales';

type Props = { id: string; hideLabel?: boolean; className?: string };

/** "Language" / "语言": each option in its own language and script, so anyone finds theirs. Switches without a reload. */
export function LanguageSelect({ id, hideLabel = false, className }: Props) {
  const t = useT();
  const locale = useLocale();
  return (
    <span className={className}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : undefined}>
        {t('common.language.label')}
      </label>{' '}
      <select id={id} value={locale} onChange={(event) => void setLocale(event.target.value as Locale)}>
        {Object.entries(LOCALES).map(([code, name]) => (
          <option key={code} value={code} lang={code}>
            {name}
          </option>
        ))}
      </select>
    </span>
  );
}
