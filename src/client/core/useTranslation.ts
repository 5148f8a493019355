// The hook components read their texts with: `const { t, i18n } = useTranslation('ns')` over the panel's texts.
import { translations as appTranslations } from './i18n.ts';
import { bindTranslationHook } from './translationHook.ts';

export { bindTranslationHook };

export const useTranslation = bindTranslationHook(appTranslations);
