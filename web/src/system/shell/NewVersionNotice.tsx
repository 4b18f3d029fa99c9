/**
 * 'Доступна новая версия' (issue 13; spec core §7 builds manifest poll, §9 reload guard 10 s): polls the builds
 * manifest every 5 minutes and when the tab becomes visible; when another build is served, shows a small notice with
 * 'Обновить'. Plain markup (it also shows on the public pages).
 */
import { useEffect, useState } from 'react';
import { BUILDS_MANIFEST_POLL_MS, isNewVersionAvailable, reloadForNewVersion } from './buildsManifest';

export function NewVersionNotice() {
  const [available, setAvailable] = useState(false);
  useEffect(() => {
    let stopped = false;
    const check = () => {
      if (document.visibilityState !== 'visible') return;
      void isNewVersionAvailable().then((yes) => {
        if (yes && !stopped) setAvailable(true);
      });
    };
    const timer = window.setInterval(check, BUILDS_MANIFEST_POLL_MS);
    document.addEventListener('visibilitychange', check);
    check();
    return () => {
      stopped = true;
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', check);
    };
  }, []);
  if (!available) return null;
  return (
    <div
      role="status"
      data-testid="new-version"
      style={{
        position: 'fixed',
        insetInline: 16,
        bottom: 16,
        zIndex: 2000,
        maxWidth: 420,
        margin: '0 auto',
        background: '#1a202c',
        color: '#fff',
        borderRadius: 10,
        padding: '12px 16px',
        display: 'flex',
        gap: 12,
        alignItems: 'center',
        justifyContent: 'space-between',
        fontFamily: 'system-ui, sans-serif',
      }}
    >
      <span>Доступна новая версия</span>
      <button
        type="button"
        onClick={() => reloadForNewVersion()}
        style={{
          background: '#fff',
          color: '#1a202c',
          border: 0,
          borderRadius: 6,
          padding: '6px 12px',
          fontWeight: 600,
        }}
      >
        Обновить
      </button>
    </div>
  );
}
