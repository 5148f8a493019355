// Flag buttons for the interface language; a labelled group of toggle buttons works with the keyboard. The panel's
// switcher (LanguageSwitcher.tsx) and the collection page give it their own texts and language change.
import type { ComponentType } from 'react';
import { LANGUAGES, type Language } from '../core/languageChoice.ts';
import { FlagGB, FlagPL } from './Flags.tsx';

const FLAGS: Record<Language, ComponentType> = { en: FlagGB, pl: FlagPL };

export interface LanguageChoiceProps {
  current: string;
  /** The group's accessible name. */
  label: string;
  nameOf: (language: Language) => string;
  /** Switches the language; it may have to load the texts first, and stays as it is if it cannot. */
  change: (language: Language) => Promise<void>;
  available?: readonly string[];
}

export function LanguageChoice({ current, label, nameOf, change, available }: LanguageChoiceProps) {
  const languages = LANGUAGES.filter((language) => !available || available.includes(language));
  return (
    <div className="language-switcher" role="group" aria-label={label}>
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
            onClick={() => void change(language).catch((error: unknown) => console.error(error))}
          >
            <Flag />
            <span className="language-name">{nameOf(language)}</span>
          </button>
        );
      })}
    </div>
  );
}
