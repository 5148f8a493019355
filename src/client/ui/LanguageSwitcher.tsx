// The panel's language switcher: the flag buttons (LanguageChoice.tsx) over the panel's texts.
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../core/i18n.ts';
import { LanguageChoice } from './LanguageChoice.tsx';

export function LanguageSwitcher({ available }: { available?: readonly string[] }) {
  const { t, i18n } = useTranslation();
  return <LanguageChoice current={i18n.language} label={t('language.label')} nameOf={(language) => t(`language.${language}`)} change={changeLanguage} available={available} />;
}
