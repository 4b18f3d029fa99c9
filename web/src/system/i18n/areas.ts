/**
 * Loads the Russian texts of the operator and referral partner areas (`ruAreas.ts`) into i18next once, before a page
 * that shows them renders: the route loaders of /operator, /agent and the operator invitation page call it (issue 13
 * "Fast first load": the client's and the payment agent's first load does not carry these texts). A failed chunk goes
 * through the page chunk failure guard (reload once, chat-and-shell §4).
 */
import { guardChunkLoad } from '../shell/chunkGuard';
import i18n from './index';

let loading: Promise<void> | null = null;

/** Resolves when the areas' texts are in the `translation` namespace; later calls share the first load. */
export function loadAreaTexts(): Promise<void> {
  loading ??= guardChunkLoad(() => import('./ruAreas')).then(
    (m) => {
      i18n.addResourceBundle('ru', 'translation', m.ruAreas, true, true);
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** A route loader that waits for the areas' texts and answers nothing. */
export async function areaTextsLoader(): Promise<null> {
  await loadAreaTexts();
  return null;
}
