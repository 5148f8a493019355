// The Intl locale of the interface language (pl-PL or en-GB), following language switches.
import { useTranslation } from 'react-i18next';
import { localeOf } from '../../core/language.ts';

export function useLocale(): string {
  const { i18n } = useTranslation();
  return localeOf(i18n.language);
}
