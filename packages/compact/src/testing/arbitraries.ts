// Test-only generators of valid transcripts (not exported from the package).
import fc from 'fast-check';
import type { Attachment, Message, Provider, ToolCall } from '../types.js';

/** Which features a generated transcript may use: everything, or what one provider can carry. */
export type TranscriptProfile = Provider | 'mixed';

const TOOL_NAMES = [
  'read_file',
  'grep',
  'glob',
  'Read',
  'Edit',
  'Bash',
  'bash',
  'apply_patch',
  'open',
  'edit',
  'str_replace_editor',
];
const PATHS = ['src/a.ts', 'src/b.ts', 'README.md', 'pkg/x/y.go'];
const WORDS = [
  'alpha',
  'beta',
  "Let's fix it.",
  'exit code 1',
  'I will use the cache because it is faster.',
  'ok',
  'ünïcødé 😀',
];

const text = fc
  .tuple(fc.constantFrom(...WORDS), fc.integer({ min: 1, max: 40 }))
  .map(([word, times]) => Array.from({ length: times }, () => word).join(' '));
const bigText = fc
  .tuple(fc.constantFrom(...WORDS), fc.integer({ min: 0, max: 80 }))
  .map(([word, times]) => Array.from({ length: times }, () => word).join(' '));

const base64 = fc.constantFrom('iVBORw0KGgo=', 'R0lGODlhAQABAAAAACw=', 'JVBERi0xLjQK');

function attachment(profile: TranscriptProfile): fc.Arbitrary<Attachment> {
  const image = fc.record({
    type: fc.constant('image' as const),
    mediaType: fc.constantFrom('image/png', 'image/jpeg'),
    data: base64,
  });
  const document = fc.record({
    type: fc.constant('document' as const),
    mediaType: fc.constant('application/pdf'),
    data: base64,
    name: fc.constantFrom('spec.pdf', 'notes.pdf'),
  });
  if (profile !== 'mixed') return fc.oneof(image, document);
  return fc.oneof(
    image,
    document,
    fc.record({
      type: fc.constant('image' as const),
      mediaType: fc.constant('image/png'),
      data: base64,
      name: fc.constant('shot.png'),
      width: fc.integer({ min: 1, max: 2000 }),
      height: fc.integer({ min: 1, max: 2000 }),
    }),
  );
}

const toolInput = fc.oneof(
  fc.record({ path: fc.constantFrom(...PATHS) }),
  fc.record({ file_path: fc.constantFrom(...PATHS), old_string: fc.constantFrom('a', 'b') }),
  fc.record({
    command: fc.constantFrom('make test', 'ls', 'view', 'create'),
    path: fc.constantFrom(...PATHS),
  }),
  fc.record({ pattern: fc.constantFrom('TODO', 'fixme') }),
);

interface StepShape {
  text: string | undefined;
  reasoning: string | undefined;
  /** A second reasoning block after the first (Anthropic returns several, redacted ones among them). */
  redactedReasoning: boolean;
  calls: {
    name: string;
    input: unknown;
    content: string;
    isError: boolean;
    json: boolean;
    attachments: Attachment[];
  }[];
  order: number[];
  reminderAfter: string | undefined;
}
interface TurnShape {
  text: string;
  attachments: Attachment[];
  reminderBefore: string | undefined;
  steps: StepShape[];
  finalText: string | undefined;
}

function step(profile: TranscriptProfile): fc.Arbitrary<StepShape> {
  return fc
    .record({
      text: fc.option(text, { nil: undefined }),
      reasoning: profile === 'openai' ? fc.constant(undefined) : fc.option(text, { nil: undefined }),
      redactedReasoning: profile === 'openai' ? fc.constant(false) : fc.boolean(),
      calls: fc.array(
        fc.record({
          name: fc.constantFrom(...TOOL_NAMES),
          input: toolInput,
          content: bigText,
          isError: profile === 'openai' ? fc.constant(false) : fc.boolean(),
          // AI SDK tools that return objects record a `json` output.
          json: profile === 'ai-sdk' || profile === 'mixed' ? fc.boolean() : fc.constant(false),
          // OpenAI tool messages carry text only; tools elsewhere can return images and documents.
          attachments:
            profile === 'openai'
              ? fc.constant<Attachment[]>([])
              : fc.array(attachment(profile), { maxLength: 1 }),
        }),
        { minLength: 1, maxLength: 3 },
      ),
      seed: fc.nat(),
      reminderAfter: fc.option(text, { nil: undefined, freq: 6 }),
    })
    .map(({ seed, ...rest }) => {
      // A deterministic shuffle: providers accept parallel results in any order.
      const order = rest.calls.map((_, at) => at);
      let state = seed;
      for (let at = order.length - 1; at > 0; at--) {
        state = (state * 1103515245 + 12345) % 2147483648;
        const swap = state % (at + 1);
        [order[at], order[swap]] = [order[swap] as number, order[at] as number];
      }
      return { ...rest, order };
    });
}

function turn(profile: TranscriptProfile): fc.Arbitrary<TurnShape> {
  return fc.record({
    text,
    attachments: fc.array(attachment(profile), { maxLength: 2 }),
    reminderBefore: fc.option(text, { nil: undefined, freq: 5 }),
    steps: fc.array(step(profile), { maxLength: 4 }),
    finalText: fc.option(text, { nil: undefined, freq: 2 }),
  });
}

/** Assemble generated shapes into a transcript with unique, sequential call ids. */
function assemble(profile: TranscriptProfile, system: string[], turns: TurnShape[]): Message[] {
  const messages: Message[] = system.map((value) => ({ role: 'system', text: value }));
  let nextId = 0;
  for (const shape of turns) {
    if (shape.reminderBefore !== undefined)
      messages.push({ role: 'user', text: shape.reminderBefore, reminder: true });
    const user: Message = { role: 'user', text: shape.text };
    if (shape.attachments.length > 0) user.attachments = shape.attachments;
    messages.push(user);
    for (const current of shape.steps) {
      const calls: ToolCall[] = current.calls.map((call) => ({
        id: `call_${nextId++}`,
        name: call.name,
        input: call.input,
      }));
      const assistant: Message = { role: 'assistant' };
      if (current.text !== undefined) assistant.text = current.text;
      if (current.reasoning !== undefined)
        assistant.reasoning = { text: current.reasoning, signature: `sig${nextId}` };
      if (current.reasoning !== undefined && current.redactedReasoning)
        assistant.additionalReasoning = [{ text: '', signature: `redacted${nextId}`, redacted: true }];
      assistant.toolCalls = calls;
      messages.push(assistant);
      for (const at of current.order) {
        const call = current.calls[at];
        const id = calls[at]?.id;
        if (!call || id === undefined) continue;
        const json = call.json && call.attachments.length === 0;
        const content = json ? JSON.stringify({ output: call.content, lines: [1, 2] }) : call.content;
        const result: Message = { role: 'tool', toolResult: { callId: id, content } };
        if (call.isError && result.toolResult) result.toolResult.isError = true;
        if (json && result.toolResult) result.toolResult.json = true;
        // The AI SDK's media-carrying output has no error flag: a failed call returns text only.
        if (call.attachments.length > 0 && result.toolResult && !(call.isError && profile === 'ai-sdk')) {
          result.toolResult.attachments = call.attachments;
        }
        messages.push(result);
      }
      if (current.reminderAfter !== undefined)
        messages.push({ role: 'user', text: current.reminderAfter, reminder: true });
    }
    if (shape.finalText !== undefined) messages.push({ role: 'assistant', text: shape.finalText });
  }
  return messages;
}

/** Valid transcripts (for every provider) with parallel calls, errors, attachments and reminders. */
export function transcript(profile: TranscriptProfile = 'mixed', maxTurns = 5): fc.Arbitrary<Message[]> {
  return fc
    .tuple(fc.array(text, { maxLength: 2 }), fc.array(turn(profile), { minLength: 1, maxLength: maxTurns }))
    .map(([system, turns]) => assemble(profile, system, turns));
}

/** The shape of a generated single-task agent run; the bulk is filled in from `seed`. */
interface AgentRunShape {
  seed: number;
  systemPrompt: boolean;
  taskWords: number;
  steps: number;
  /** Largest tool output, in repetitions of a line. */
  maxOutputLines: number;
  /** Every `parallelEvery`-th step calls several tools at once (0: never). */
  parallelEvery: number;
  /** Every `textEvery`-th step says something beside its calls (0: never). */
  textEvery: number;
  /** Every `reminderEvery`-th step is followed by a harness reminder (0: never). */
  reminderEvery: number;
  finalText: boolean;
}

const RUN_LINES = [
  'src/a.ts:12: export function parse(input: string) {',
  'PASS src/a.test.ts (3 tests)',
  'FAIL src/b.test.ts > handles empty input',
  'diff --git a/src/a.ts b/src/a.ts',
  'ünïcødé output 😀 line',
];
const RUN_TOOLS: { name: string; input: (step: number) => unknown }[] = [
  { name: 'read_file', input: (step) => ({ path: PATHS[step % PATHS.length] }) },
  {
    name: 'bash',
    input: (step) => ({ command: step % 3 === 0 ? 'pnpm test' : `grep -rn TODO src/${step}` }),
  },
  {
    name: 'write_file',
    input: (step) => ({ path: PATHS[step % PATHS.length], content: `${'const x = 1;\n'.repeat(step % 60)}` }),
  },
  { name: 'grep', input: (step) => ({ pattern: `fn${step % 7}` }) },
];

/**
 * Valid single-task agent runs: one user message (the task), then up to `maxSteps` model turns with
 * parallel calls in shuffled result order, text beside calls, reasoning where the provider carries
 * it, harness reminders, errors and exit codes — the shape a coding agent's transcript has. Sized by
 * fast-check, filled in by a small deterministic generator so thousands of rounds stay cheap.
 */
export function agentRun(profile: TranscriptProfile = 'mixed', maxSteps = 3000): fc.Arbitrary<Message[]> {
  return fc
    .record({
      seed: fc.nat(),
      systemPrompt: fc.boolean(),
      taskWords: fc.integer({ min: 1, max: 400 }),
      steps: fc.integer({ min: 0, max: maxSteps }),
      maxOutputLines: fc.integer({ min: 0, max: 200 }),
      parallelEvery: fc.constantFrom(0, 1, 3, 7),
      textEvery: fc.constantFrom(0, 1, 2, 5),
      reminderEvery: fc.constantFrom(0, 4, 25),
      finalText: fc.boolean(),
    })
    .map((shape) => assembleRun(profile, shape));
}

function assembleRun(profile: TranscriptProfile, shape: AgentRunShape): Message[] {
  let state = shape.seed;
  const next = (limit: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return limit <= 0 ? 0 : state % limit;
  };
  const messages: Message[] = [];
  if (shape.systemPrompt) messages.push({ role: 'system', text: 'You are a coding agent. Be careful.' });
  messages.push({
    role: 'user',
    text: `Fix the failing tests. ${'Details follow. '.repeat(shape.taskWords)}`,
  });
  let nextId = 0;
  for (let step = 0; step < shape.steps; step++) {
    const parallel = shape.parallelEvery > 0 && step % shape.parallelEvery === 0 ? 1 + next(4) : 1;
    const calls: ToolCall[] = [];
    for (let at = 0; at < parallel; at++) {
      const tool = RUN_TOOLS[next(RUN_TOOLS.length)] as (typeof RUN_TOOLS)[number];
      calls.push({ id: `call_${nextId++}`, name: tool.name, input: tool.input(step + at) });
    }
    const assistant: Message = { role: 'assistant', toolCalls: calls };
    if (shape.textEvery > 0 && step % shape.textEvery === 0)
      assistant.text = `Step ${step}: I will check ${PATHS[step % PATHS.length]} because the test fails.`;
    if (profile !== 'openai' && next(5) === 0)
      assistant.reasoning = { text: `think ${step}`, signature: `sig${step}` };
    messages.push(assistant);
    const order = calls.map((_, at) => at);
    for (let at = order.length - 1; at > 0; at--) {
      const swap = next(at + 1);
      [order[at], order[swap]] = [order[swap] as number, order[at] as number];
    }
    for (const at of order) {
      const call = calls[at] as ToolCall;
      const lines = next(shape.maxOutputLines + 1);
      const body = Array.from({ length: lines }, () => RUN_LINES[next(RUN_LINES.length)]).join('\n');
      const failed = next(6) === 0;
      const content = call.name === 'bash' ? `${body}\nexit code ${failed ? 1 : 0}` : body;
      const result: Message = { role: 'tool', toolResult: { callId: call.id, content } };
      if (failed && profile !== 'openai' && result.toolResult) result.toolResult.isError = true;
      messages.push(result);
    }
    if (shape.reminderEvery > 0 && step % shape.reminderEvery === shape.reminderEvery - 1)
      messages.push({ role: 'user', text: `Context is at ${step % 100}%.`, reminder: true });
  }
  if (shape.finalText && shape.steps > 0) messages.push({ role: 'assistant', text: 'The tests pass now.' });
  return messages;
}
