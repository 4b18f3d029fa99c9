/**
 * The loading indicator of the shell before any area has loaded (route chunks on the first navigation): plain markup
 * and inline styles, no UI library, so the entry chunk stays small (issue 13 "Fast first load").
 */
export function BootSpinner() {
  return (
    <div role="status" aria-label="Загрузка…" style={{ minHeight: '40vh', display: 'grid', placeItems: 'center' }}>
      <span
        style={{
          width: 32,
          height: 32,
          borderRadius: '50%',
          border: '3px solid #CBD5E0',
          borderTopColor: '#2B6CB0',
          animation: 'platform-spin 0.8s linear infinite',
        }}
      />
      <style>{'@keyframes platform-spin{to{transform:rotate(360deg)}}'}</style>
    </div>
  );
}
