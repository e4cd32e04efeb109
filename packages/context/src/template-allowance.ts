/**
 * The chat-template part of a budget's slack, measured from the model's own template: the tokens of the
 * text the template itself writes around messages. That is the literal text between its tags plus the
 * quoted strings its output tags print (`{{ '<|im_start|>' + message.role }}`); conditions and the
 * messages themselves are not counted. Every branch is counted once, so a template with a tool-call
 * branch is charged for it too: an allowance, not a per-request count. Works on Jinja templates
 * (tokenizer_config.json, GGUF `tokenizer.chat_template`) and Go templates (Ollama), whose tags are
 * both `{{ … }}` / `{% … %}`.
 */
export function measureTemplateTokens(template: string, count: (text: string) => number): number {
  const pieces: string[] = [];
  const tag = /\{\{-?([\s\S]*?)-?\}\}|\{%-?[\s\S]*?-?%\}|\{#[\s\S]*?#\}/g;
  let last = 0;
  for (const match of template.matchAll(tag)) {
    pieces.push(template.slice(last, match.index));
    const expression = match[1];
    if (expression !== undefined) {
      for (const literal of expression.matchAll(/'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"/g)) {
        pieces.push(unescapeLiteral(literal[1] ?? literal[2] ?? ''));
      }
    }
    last = match.index + match[0].length;
  }
  pieces.push(template.slice(last));
  return pieces.reduce((total, piece) => total + (piece.length === 0 ? 0 : count(piece)), 0);
}

function unescapeLiteral(literal: string): string {
  return literal.replace(/\\(.)/g, (_, character: string) =>
    character === 'n' ? '\n' : character === 't' ? '\t' : character,
  );
}
