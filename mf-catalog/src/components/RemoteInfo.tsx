// Which build of this remote is running and where it was loaded from — the proof, in the page, that
// remotes.json picked this version.
declare const __webpack_public_path__: string;

export function RemoteInfo() {
  const from = typeof __webpack_public_path__ === 'string' ? __webpack_public_path__ : '';
  return (
    <small data-testid="catalog-remote-info" data-version={__REMOTE_VERSION__} style={{ color: 'var(--bz-muted)' }}>
      catalog@{__REMOTE_VERSION__} {from}
    </small>
  );
}
