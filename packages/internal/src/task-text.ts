// A task as written on a tracker carries text nobody reads: GitHub and GitLab issue templates are
// HTML comments ("<!-- Thanks for submitting an issue! … -->"), hidden when rendered, full of
// words ("template", "allowed", "information", "version") that match code by accident. What a task
// is about is read without them. Fenced code blocks are kept whole: a comment there is the
// reporter's own input (an XML or HTML snippet).

const OPEN = '<!--';
const CLOSE = '-->';
const FENCE = '```';

/**
 * `text` with its closed HTML comments outside fenced code blocks replaced by a space. An unclosed
 * comment is kept (it may be prose about `<!--`). Linear in the text's length.
 */
export function withoutHtmlComments(text: string): string {
  if (!text.includes(OPEN)) return text;
  let out = '';
  let at = 0;
  // Next positions found so far, searched again only once passed: each search is done once.
  let open = text.indexOf(OPEN);
  let fence = text.indexOf(FENCE);
  while (open >= 0) {
    if (fence >= 0 && fence < open) {
      const close = text.indexOf(FENCE, fence + FENCE.length);
      const end = close < 0 ? text.length : close + FENCE.length;
      out += text.slice(at, end);
      at = end;
    } else {
      const close = text.indexOf(CLOSE, open + OPEN.length);
      if (close < 0) break;
      out += `${text.slice(at, open)} `;
      at = close + CLOSE.length;
    }
    if (open < at) open = text.indexOf(OPEN, at);
    if (fence >= 0 && fence < at) fence = text.indexOf(FENCE, at);
  }
  return out + text.slice(at);
}
