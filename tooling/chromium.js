// How the workspace starts Debian's headless chromium (browser tests, the inspect and report benches).
// The background-networking flags matter: without them chromium keeps trying hosts this closed
// network refuses. `.ci/run` installs the package; nothing ever downloads a browser.

/** The browser binary: Debian's package, or CTXKIT_CHROMIUM. */
export const CHROMIUM_PATH = process.env.CTXKIT_CHROMIUM ?? '/usr/bin/chromium';

/** Flags for a headless run as root on a machine with no network beyond loopback. */
export const CHROMIUM_ARGS = Object.freeze([
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]);
