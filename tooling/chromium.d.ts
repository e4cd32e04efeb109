/** The browser binary: Debian's package, or CTXKIT_CHROMIUM. */
export declare const CHROMIUM_PATH: string;
/** Flags for a headless run as root on a machine with no network beyond loopback. */
export declare const CHROMIUM_ARGS: readonly string[];
