import { isKnownRole, sourceIndexOf } from './adapters/shared.js';
import { assertProvider } from './check-options.js';
import type { Message, Provider } from './types.js';

/**
 * What can be wrong with a transcript a provider will receive:
 * - `orphaned-result`: a tool result that does not directly follow the assistant message making its call;
 * - `missing-result`: a tool call with no result right after its assistant message;
 * - `duplicate-call-id`: a tool call id used twice in one message (anywhere in the transcript, for Anthropic);
 * - `duplicate-result`: a second result for one call;
 * - `malformed`: a field on the wrong role (a tool message without a result, calls on a user message);
 * - `alternation`: Anthropic only — the conversation must start with a user turn and never hold two
 *   assistant messages in a row;
 * - `misplaced-system`: Anthropic only — system text is a request parameter, so only a leading run works;
 * - `empty-message`: a message with nothing to send (Anthropic rejects it; OpenAI rejects an assistant
 *   message with neither content nor tool calls).
 */
export type ViolationKind =
  | 'orphaned-result'
  | 'missing-result'
  | 'duplicate-call-id'
  | 'duplicate-result'
  | 'malformed'
  | 'alternation'
  | 'misplaced-system'
  | 'empty-message';

/** Options of {@link validate}. */
export interface ValidateOptions {
  /**
   * Number messages in violation texts as in the provider input they were read from
   * (`fromOpenAI`, `fromAnthropic`, `fromAiSdk` record it; one provider message can become several
   * neutral ones), rather than by position in the validated array. `Violation.index` stays the
   * position in the validated array.
   */
  inputIndexes?: boolean;
}

/** One problem found by {@link validate}, located by message index. */
export interface Violation {
  /** What is wrong. */
  kind: ViolationKind;
  /** Index of the offending message in the validated array. */
  index: number;
  /** The tool call id involved, for pairing problems. */
  callId?: string;
  /** One line naming the index, what was expected and what was found. */
  message: string;
}

function hasText(text: string | undefined): boolean {
  return text !== undefined && text.trim() !== '';
}

/** Whether a message has nothing a provider could send. */
export function isEmptyMessage(message: Message): boolean {
  if (message.role === 'user' || message.role === 'system') {
    return !hasText(message.text) && !(message.attachments && message.attachments.length > 0);
  }
  if (message.role === 'assistant') {
    return !hasText(message.text) && !message.toolCalls?.length && !message.reasoning;
  }
  return false;
}

/**
 * Whether the assistant message at `index` joins the assistant message right before it into one
 * Anthropic turn, as `toAnthropic` writes it (and as the API itself combines consecutive turns): the
 * earlier one made no tool calls (their results must come next) and the later one carries no
 * reasoning (thinking must open a turn). Harnesses that log each content block as its own entry
 * produce such runs.
 */
export function mergesWithPrevious(messages: readonly Message[], index: number): boolean {
  const previous = messages[index - 1];
  const message = messages[index];
  return (
    previous?.role === 'assistant' &&
    message?.role === 'assistant' &&
    !previous.toolCalls?.length &&
    !message.reasoning
  );
}

/**
 * Every way `messages` would be rejected by `provider` (tool pairing for all of them; alternation,
 * system placement and empty messages where that provider cares), in index order. An empty array means
 * valid. Pure; usable on its own by harness authors before sending a request.
 */
export function validate(
  messages: readonly Message[],
  provider: Provider,
  options: ValidateOptions = {},
): Violation[] {
  assertProvider('validate', provider);
  // Message numbers in the text: the input's own, when asked and known (see ValidateOptions).
  const name = (at: number) => (options.inputIndexes ? (sourceIndexOf(messages[at]!) ?? at) : at);
  const violations: Violation[] = [];
  const seenCallIds = new Set<string>();
  const strict = provider === 'anthropic';
  let leadingSystem = true;
  let previousRole: Message['role'] | undefined;

  const report = (kind: ViolationKind, index: number, message: string, callId?: string) => {
    violations.push(callId === undefined ? { kind, index, message } : { kind, index, callId, message });
  };

  let index = 0;
  while (index < messages.length) {
    const message = messages[index] as Message;
    const where = `message ${name(index)} (${message.role})`;
    if (!isKnownRole(message.role)) {
      report('malformed', index, `${where}: expected role system, user, assistant or tool`);
    }
    if (message.role !== 'system') leadingSystem = false;
    if (message.role === 'tool' && !message.toolResult) {
      report('malformed', index, `${where}: expected a tool result, found none`);
    } else if (message.role !== 'tool' && message.toolResult) {
      report('malformed', index, `${where}: only tool messages carry a tool result`);
    }
    if (message.role !== 'assistant' && message.toolCalls?.length) {
      report('malformed', index, `${where}: only assistant messages make tool calls`);
    }
    if (message.role === 'system' && strict && !leadingSystem) {
      report(
        'misplaced-system',
        index,
        `${where}: Anthropic takes system text only before the first message`,
      );
    }
    if (strict && message.role === 'assistant') {
      if (previousRole === undefined || previousRole === 'system') {
        report(
          'alternation',
          index,
          `${where}: Anthropic expects the conversation to start with a user message`,
        );
      } else if (previousRole === 'assistant' && !mergesWithPrevious(messages, index)) {
        report(
          'alternation',
          index,
          `${where}: two assistant messages in a row; Anthropic expects a user turn between`,
        );
      }
    }
    // OpenAI accepts empty strings but not an assistant message with neither content nor tool calls.
    const openAIEmpty =
      provider === 'openai' &&
      message.role === 'assistant' &&
      message.text === undefined &&
      isEmptyMessage(message);
    if ((strict && isEmptyMessage(message)) || openAIEmpty) {
      report('empty-message', index, `${where}: nothing to send`);
    }
    if (message.role === 'tool') {
      const callId = message.toolResult?.callId;
      if (callId !== undefined) {
        report(
          'orphaned-result',
          index,
          `${where}: tool result for "${callId}" does not follow an assistant message that called it`,
          callId,
        );
      }
      previousRole = 'tool';
      index++;
      continue;
    }
    previousRole = message.role;
    const calls = message.role === 'assistant' ? (message.toolCalls ?? []) : [];
    if (calls.length === 0) {
      index++;
      continue;
    }
    const pending: string[] = [];
    for (const call of calls) {
      // Anthropic rejects any reused tool_use id; the others pair by position, so only a reuse inside
      // one message is ambiguous for them.
      if (pending.includes(call.id) || (strict && seenCallIds.has(call.id))) {
        report('duplicate-call-id', index, `${where}: tool call id "${call.id}" is already used`, call.id);
      } else {
        seenCallIds.add(call.id);
        pending.push(call.id);
      }
    }
    const answered = new Set<string>();
    let next = index + 1;
    while (next < messages.length && messages[next]?.role === 'tool') {
      const result = messages[next] as Message;
      const resultWhere = `message ${name(next)} (tool)`;
      if (!result.toolResult) {
        report('malformed', next, `${resultWhere}: expected a tool result, found none`);
      } else {
        const callId = result.toolResult.callId;
        const pendingAt = pending.indexOf(callId);
        if (pendingAt >= 0) {
          pending.splice(pendingAt, 1);
          answered.add(callId);
        } else if (answered.has(callId)) {
          report(
            'duplicate-result',
            next,
            `${resultWhere}: a second result for tool call "${callId}"`,
            callId,
          );
        } else {
          report(
            'orphaned-result',
            next,
            `${resultWhere}: tool result for "${callId}" does not match any call of message ${name(index)}`,
            callId,
          );
        }
      }
      next++;
    }
    for (const callId of pending) {
      report('missing-result', index, `${where}: tool call "${callId}" has no result right after it`, callId);
    }
    previousRole = next > index + 1 ? 'tool' : 'assistant';
    index = next;
  }
  return violations.sort((left, right) => left.index - right.index);
}
