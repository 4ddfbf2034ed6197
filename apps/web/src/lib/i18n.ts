// i18next with a fetch backend of a few lines: translations are static files under
// /assets/i18n/{language}.json, fetched through the contract like every other call.
import { i18n as translationsEndpoint } from '@backline/contract/calls/assets';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@backline/contract/core/enums';
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { apiCall } from './api-client';

const fetchBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init: () => undefined,
  read(language, _namespace, callback) {
    apiCall(translationsEndpoint, { query: { language: language as Language } }).then(
      (translations) => callback(null, translations),
      (error: unknown) => callback(error instanceof Error ? error : String(error), false),
    );
  },
};

export function initI18n(language: Language): Promise<unknown> {
  return i18next
    .use(fetchBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      load: 'languageOnly',
      ns: ['translation'],
      defaultNS: 'translation',
      interpolation: { escapeValue: false },
      // Until a newly chosen language arrives the current one stays on screen, instead of a blank.
      react: { useSuspense: false },
    });
}

export { i18next };
