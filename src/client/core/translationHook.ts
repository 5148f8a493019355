// The hook over one translations store: `const { t, i18n } = useTranslation('ns')` re-renders when the language
// changes or texts of it arrive or are replaced, and not when another language's texts come in. Apart from the
// panel's store (useTranslation.ts), so that the collection page binds it to its own.
import { useEffect, useSyncExternalStore } from 'react';
import type { Translation, Translations } from './translations.ts';

/** The hook for one translations store (tests make stores of their own). */
export function bindTranslationHook(store: Translations): (namespace?: string) => Translation {
  const getVersion = () => store.version;
  return function useTranslation(namespace: string = store.defaultNamespace): Translation {
    // The version, read once per render: every text and the language this render shows belong to it.
    const at = useSyncExternalStore(store.subscribe, getVersion, getVersion);
    const language = store.language;
    // A namespace named here is loaded if it is not in (the rest of the language may have failed to load).
    useEffect(() => {
      if (!store.hasTexts(language, namespace)) store.loadTexts(language, [namespace]).catch(() => {});
    }, [language, namespace]);
    return store.translation(namespace, at);
  };
}
