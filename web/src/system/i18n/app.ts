/** Adds the account areas' Russian texts (namespace `translation`, `ru.ts`) to i18next; imported by the app root. */
import i18n from './index';
import { ru } from './ru';

i18n.addResourceBundle('ru', 'translation', ru, true, true);

export default i18n;
