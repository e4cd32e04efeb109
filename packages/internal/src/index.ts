/**
 * @ctxkit/internal: what every ctxkit package shares, bundled into each at build time (never
 * published, never a runtime dependency). Not an API: packages import it, users never see it.
 */

export {
  assertBoolean,
  assertFinite,
  assertNumber,
  assertOneOf,
  assertString,
  assertStringArray,
  assertWholeNumber,
} from './check-options.js';
export { compareStrings } from './compare-strings.js';
export { DESCRIBED_STRING_LENGTH, describeValue } from './describe-value.js';
export type { InvalidOptionError, InvalidOptionFields } from './invalid-option.js';
export {
  failRange,
  failType,
  formatInvalidOption,
  invalidOption,
  invalidOptionDetail,
  isInvalidOptionError,
} from './invalid-option.js';
export {
  forEachMessageFragment,
  MIN_MESSAGE_FRAGMENT,
  messageFragments,
  messageWordCount,
  normalizeMessageText,
} from './message-fragments.js';
export {
  codeRanges,
  KEBAB_MIN_PROSE_PARTS,
  type KebabName,
  kebabNames,
  titleRange,
  withoutHtmlComments,
  withoutLinkQueries,
  withoutTemplateText,
  withoutVersionListings,
  withoutWebAddresses,
} from './task-text.js';
