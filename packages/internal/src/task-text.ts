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

// A web address: up to whitespace or a closing bracket or quote (`[text](url)`, `<url>`, `"url"`).
const WEB_ADDRESS = /\bhttps?:\/\/[^\s)\]>'"`]+/g;

/**
 * `text` with each web address's host and path replaced by its query string's words. The host and
 * path name a web page (`github.com/org/repo/issues/12`, a docs page), not code, and as words they
 * match every line that names the project or links the same site; the query's parameter names
 * (`?show_icons=true&hide=prs`) are often the option names the code reads. Readers that want the
 * paths a link names (a `blob/…/file.rs#L80` link) read the original text.
 */
export function withoutWebAddresses(text: string): string {
  return text.replace(WEB_ADDRESS, (address) => {
    const query = /\?([^#]*)/.exec(address)?.[1];
    return query === undefined ? ' ' : ` ${query.replace(/[=&]/g, ' ')} `;
  });
}
