import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The published version of the ctxkit CLI, read from its package.json. */
export const CLI_VERSION: string = (require('../package.json') as { version: string }).version;
