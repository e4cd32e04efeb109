import { assertKnownRole } from './adapters/shared.js';
import { assertProvider } from './check-options.js';
import { CONTINUATION_MARKER, MISSING_RESULT_MARKER } from './constants.js';
import type { Message, Provider, ToolCall } from './types.js';
import { isEmptyMessage, mergesWithPrevious, validate } from './validate.js';

/** One change `repair()` made, located by the index in the input it concerns. */
export interface RepairAction {
  /** What was done. */
  action: 'dropped' | 'moved' | 'inserted' | 'renamed' | 'converted' | 'stripped';
  /** Index of the affected message in the input (for `inserted`: the input message it was placed next to). */
  index: number;
  /** One line saying what and why. */
  detail: string;
}

/** Result of {@link repair}: a transcript `validate()` accepts, and every change made to get there. */
export interface RepairResult {
  /** The repaired transcript (the input's messages where unchanged). */
  messages: Message[];
  /** Every change, in the order made. */
  actions: RepairAction[];
}

interface Entry {
  message: Message;
  /** Input index this entry came from (or sits next to, for inserted entries). */
  origin: number;
}

/**
 * Make `messages` valid for `provider` by the smallest change, and report each change. A result that
 * arrived late is moved up to its call; a call that never got a result gets an error result saying so;
 * results with no call and empty messages are dropped; a reused call id is renamed with its result;
 * where Anthropic needs a user turn, a short continuation message is inserted; stray system messages
 * become reminders. A valid transcript comes back equal, with no actions. Never mutates the input.
 */
export function repair(messages: readonly Message[], provider: Provider): RepairResult {
  assertProvider('repair', provider);
  // A role the model does not have cannot be repaired into one it has without guessing.
  messages.forEach((message, index) => {
    assertKnownRole('repair', message, index);
  });
  const actions: RepairAction[] = [];
  let entries: Entry[] = messages.map((message, origin) => ({ message, origin }));

  entries = stripMalformed(entries, actions);
  entries = renameDuplicateIds(entries, actions, provider === 'anthropic');
  entries = pairResults(entries, actions);
  if (provider === 'anthropic' || provider === 'openai') entries = dropEmpty(entries, actions, provider);
  if (provider === 'anthropic') entries = fixAlternation(entries, actions);

  const repaired = entries.map((entry) => entry.message);
  const remaining = validate(repaired, provider);
  if (remaining.length > 0) {
    // Every violation kind has a fix above; reaching here is a bug in this function, not bad input.
    throw new Error(`repair left ${remaining.length} violation(s): ${remaining[0]?.message}`);
  }
  return { messages: repaired, actions };
}

function stripMalformed(entries: Entry[], actions: RepairAction[]): Entry[] {
  const out: Entry[] = [];
  for (const entry of entries) {
    const { message, origin } = entry;
    if (message.role === 'tool' && !message.toolResult) {
      actions.push({ action: 'dropped', index: origin, detail: 'tool message without a tool result' });
      continue;
    }
    let fixed = message;
    if (fixed.role !== 'tool' && fixed.toolResult) {
      const { toolResult: _dropped, ...rest } = fixed;
      fixed = rest;
      actions.push({ action: 'stripped', index: origin, detail: `tool result on a ${message.role} message` });
    }
    if (fixed.role !== 'assistant' && fixed.toolCalls) {
      const { toolCalls: _dropped, ...rest } = fixed;
      fixed = rest;
      actions.push({ action: 'stripped', index: origin, detail: `tool calls on a ${message.role} message` });
    }
    out.push(fixed === message ? entry : { message: fixed, origin });
  }
  return out;
}

// `acrossMessages`: Anthropic wants ids unique in the whole transcript; the others only within a message.
function renameDuplicateIds(entries: Entry[], actions: RepairAction[], acrossMessages: boolean): Entry[] {
  const used = new Set<string>();
  for (const { message } of entries) for (const call of message.toolCalls ?? []) used.add(call.id);
  const seen = new Set<string>();
  const out = entries.slice();
  for (let index = 0; index < out.length; index++) {
    const entry = out[index] as Entry;
    if (!acrossMessages) seen.clear();
    const calls = entry.message.toolCalls;
    if (!calls?.length) continue;
    // The results right after this message, by the id they answer, in order: the k-th call with
    // an id in this message is answered by the k-th result with that id. Listed at the first
    // rename only: most messages rename nothing.
    let resultsFor: Map<string, number[]> | undefined;
    const listResults = () => {
      const lists = new Map<string, number[]>();
      for (let next = index + 1; next < out.length && out[next]?.message.role === 'tool'; next++) {
        const callId = out[next]?.message.toolResult?.callId;
        if (callId === undefined) continue;
        const list = lists.get(callId);
        if (list) list.push(next);
        else lists.set(callId, [next]);
      }
      return lists;
    };
    const occurrences = new Map<string, number>();
    const renamed = calls.map((call): ToolCall => {
      const occurrence = occurrences.get(call.id) ?? 0;
      occurrences.set(call.id, occurrence + 1);
      if (!seen.has(call.id)) {
        seen.add(call.id);
        return call;
      }
      let suffix = 2;
      while (used.has(`${call.id}~${suffix}`)) suffix++;
      const id = `${call.id}~${suffix}`;
      used.add(id);
      seen.add(id);
      resultsFor ??= listResults();
      actions.push({
        action: 'renamed',
        index: entry.origin,
        detail: `reused tool call id "${call.id}" → "${id}"`,
      });
      const answer = resultsFor.get(call.id)?.[occurrence];
      const result = answer === undefined ? undefined : out[answer];
      if (answer !== undefined && result?.message.toolResult) {
        out[answer] = {
          origin: result.origin,
          message: { ...result.message, toolResult: { ...result.message.toolResult, callId: id } },
        };
        actions.push({ action: 'renamed', index: result.origin, detail: `its result follows as "${id}"` });
      }
      return { ...call, id };
    });
    // Listed exactly when a call was renamed.
    if (resultsFor) out[index] = { origin: entry.origin, message: { ...entry.message, toolCalls: renamed } };
  }
  return out;
}

function pairResults(entries: Entry[], actions: RepairAction[]): Entry[] {
  const out: Entry[] = [];
  const consumed = new Set<number>();
  for (let index = 0; index < entries.length; index++) {
    if (consumed.has(index)) continue;
    const entry = entries[index] as Entry;
    if (entry.message.role === 'tool') {
      consumed.add(index);
      actions.push({
        action: 'dropped',
        index: entry.origin,
        detail: `tool result for "${entry.message.toolResult?.callId}" has no call before it`,
      });
      continue;
    }
    out.push(entry);
    const calls = entry.message.role === 'assistant' ? (entry.message.toolCalls ?? []) : [];
    if (calls.length === 0) continue;
    const pending = calls.map((call) => call.id);
    let next = index + 1;
    for (; next < entries.length && entries[next]?.message.role === 'tool'; next++) {
      const result = entries[next] as Entry;
      consumed.add(next);
      const at = pending.indexOf(result.message.toolResult?.callId ?? '');
      if (at >= 0) {
        pending.splice(at, 1);
        out.push(result);
      } else {
        actions.push({
          action: 'dropped',
          index: result.origin,
          detail: `tool result for "${result.message.toolResult?.callId}" does not answer message ${entry.origin}`,
        });
      }
    }
    for (const callId of pending) {
      // Prefer the real result if it arrived later; otherwise say plainly that there was none.
      const late = entries.findIndex(
        (candidate, at) =>
          at >= next &&
          !consumed.has(at) &&
          candidate.message.role === 'tool' &&
          candidate.message.toolResult?.callId === callId,
      );
      if (late >= 0) {
        const moved = entries[late] as Entry;
        consumed.add(late);
        out.push(moved);
        actions.push({
          action: 'moved',
          index: moved.origin,
          detail: `result for "${callId}" moved up to its call at message ${entry.origin}`,
        });
      } else {
        out.push({
          origin: entry.origin,
          message: { role: 'tool', toolResult: { callId, content: MISSING_RESULT_MARKER, isError: true } },
        });
        actions.push({
          action: 'inserted',
          index: entry.origin,
          detail: `error result for "${callId}", which had none`,
        });
      }
    }
    index = next - 1;
  }
  return out;
}

function dropEmpty(entries: Entry[], actions: RepairAction[], provider: Provider): Entry[] {
  return entries.filter((entry) => {
    const { message } = entry;
    if (!isEmptyMessage(message)) return true;
    if (provider === 'openai' && (message.role !== 'assistant' || message.text !== undefined)) return true;
    actions.push({ action: 'dropped', index: entry.origin, detail: `empty ${message.role} message` });
    return false;
  });
}

function fixAlternation(entries: Entry[], actions: RepairAction[]): Entry[] {
  const out: Entry[] = [];
  let leading = true;
  for (const entry of entries) {
    const { message } = entry;
    if (message.role === 'system') {
      if (leading) {
        out.push(entry);
        continue;
      }
      const { role: _role, ...rest } = message;
      out.push({ origin: entry.origin, message: { ...rest, role: 'user', reminder: true } });
      actions.push({
        action: 'converted',
        index: entry.origin,
        detail: 'system message after the conversation started → reminder',
      });
      continue;
    }
    leading = false;
    const previousMessage = out[out.length - 1]?.message;
    const previous = previousMessage?.role;
    // Consecutive assistant messages that toAnthropic writes as one turn need no user turn between.
    const joins = previousMessage !== undefined && mergesWithPrevious([previousMessage, message], 1);
    if (
      message.role === 'assistant' &&
      (previous === undefined || previous === 'system' || (previous === 'assistant' && !joins))
    ) {
      out.push({ origin: entry.origin, message: { role: 'user', text: CONTINUATION_MARKER } });
      actions.push({
        action: 'inserted',
        index: entry.origin,
        detail: 'user turn before an assistant message, as Anthropic requires',
      });
    }
    out.push(entry);
  }
  return out;
}
