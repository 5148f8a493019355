// Flag buttons for the interface language; a labelled group of toggle buttons works with the keyboard.
import type { ComponentType } from 'react';
import { changeLanguage } from '../core/i18n.ts';
import { useTranslation } from '../core/useTranslation.ts';
import { LANGUAGES, type Language } from '../core/language.ts';
import { FlagGB, FlagPL } from './Flags.tsx';

const FLAGS: Record<Language, ComponentType> = { en: FlagGB, pl: FlagPL };

export function LanguageSwitcher({ available }: { available?: readonly string[] }) {
  const { t, i18n } = useTranslation();
  const current = i18n.language;
  const languages = LANGUAGES.filter((language) => !available || available.includes(language));
  return (
    <div className="language-switcher" role="group" aria-label={t('language.label')}>
      {languages.map((language) => {
        const Flag = FLAGS[language];
        const active = current === language;
        return (
          <button
            key={language}
            type="button"
            lang={language}
            className={active ? 'language-option is-active' : 'language-option'}
            aria-pressed={active}
            // The new language's texts may still have to load; if they cannot, the interface stays as it is.
            onClick={() => void changeLanguage(language).catch((error: unknown) => console.error(error))}
          >
            <Flag />
            <span className="language-name">{t(`language.${language}`)}</span>
          </button>
        );
      })}
    </div>
  );
}
