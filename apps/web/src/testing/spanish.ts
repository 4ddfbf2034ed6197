// Tests that read the Spanish words do so through i18next, as the app does, with es.json only.
import i18next, { type TFunction } from 'i18next';
import es from '../../public/assets/i18n/es.json';

/** A `t` that answers in Spanish from the app's es.json. */
export async function spanishT(): Promise<TFunction> {
  const i18n = i18next.createInstance();
  await i18n.init({ lng: 'es', resources: { es: { translation: es } } });
  return i18n.t;
}
