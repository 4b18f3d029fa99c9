/** App-wide chat signals: a ChatResyncEvent asks the list, the open chat and the badge to reload. */
type Listener = () => void;
const resyncListeners = new Set<Listener>();

export const chatSignals = {
  onResync(listener: Listener): () => void {
    resyncListeners.add(listener);
    return () => void resyncListeners.delete(listener);
  },
  resync(): void {
    resyncListeners.forEach((l) => l());
  },
};
