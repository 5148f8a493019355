// i18next set-up: every string is bundled statically (no network round trip before the first paint).
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import enCommon from '../../../locales/en/common.json' with { type: 'json' };
import enValidation from '../../../locales/en/validation.json' with { type: 'json' };
import enErrors from '../../../locales/en/errors.json' with { type: 'json' };
import enEntities from '../../../locales/en/entities.json' with { type: 'json' };
import enScreens from '../../../locales/en/screens.json' with { type: 'json' };
import enTable from '../../../locales/en/table.json' with { type: 'json' };
import enForm from '../../../locales/en/form.json' with { type: 'json' };
import plCommon from '../../../locales/pl/common.json' with { type: 'json' };
import plValidation from '../../../locales/pl/validation.json' with { type: 'json' };
import plErrors from '../../../locales/pl/errors.json' with { type: 'json' };
import plEntities from '../../../locales/pl/entities.json' with { type: 'json' };
import plScreens from '../../../locales/pl/screens.json' with { type: 'json' };
import plTable from '../../../locales/pl/table.json' with { type: 'json' };
import plForm from '../../../locales/pl/form.json' with { type: 'json' };
import { pickInitialLanguage, readStoredLanguage, storeLanguage, type Language } from './language.ts';

export const NAMESPACES = ['common', 'validation', 'errors', 'entities', 'screens', 'table', 'form'] as const;

const resources = {
  en: { common: enCommon, validation: enValidation, errors: enErrors, entities: enEntities, screens: enScreens, table: enTable, form: enForm },
  pl: { common: plCommon, validation: plValidation, errors: plErrors, entities: plEntities, screens: plScreens, table: plTable, form: plForm },
};

function reflectOnDocument(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

export function initI18n(): typeof i18next {
  const browserLanguage = typeof navigator === 'undefined' ? undefined : navigator.language;
  const language = pickInitialLanguage(readStoredLanguage(), browserLanguage);
  i18next.on('languageChanged', reflectOnDocument);
  void i18next.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: 'en',
    supportedLngs: ['en', 'pl'],
    ns: [...NAMESPACES],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  reflectOnDocument(language);
  return i18next;
}

/** Switches the interface language and remembers it for this browser tab. */
export function changeLanguage(language: Language): void {
  storeLanguage(language);
  void i18next.changeLanguage(language);
}
