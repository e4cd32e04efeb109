// Test support shared by the drop-ins: the real SWE-agent transcripts of @ctxkit/compact's fixtures,
// turned into scripts a scripted model replays — the model's recorded turns become the model's
// answers, the recorded observations become what the tools return.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fromOpenAI, type Message } from '@ctxkit/compact';

/** The tool text-action transcripts' commands are replayed through. */
export const ACTION_TOOL = 'run_action';

/** One recorded model turn and what its tools returned. */
export interface TrajectoryStep {
  /** The model's text (its thought), possibly empty. */
  text: string;
  /** Tool calls, ids made unique across the transcript (the recorded ones are sometimes reused). */
  calls: { id: string; name: string; input: Record<string, unknown> }[];
  /** The recorded observation for each call, by call id. */
  results: Record<string, string>;
}

/** A recorded agent run ready to replay. */
export interface Trajectory {
  /** Fixture file name without `.json`. */
  name: string;
  /** The agent's system prompt. */
  system: string;
  /** The user messages before the first model turn (the task; text-action runs add a demonstration). */
  task: string[];
  /** The model's turns, in order. */
  steps: TrajectoryStep[];
  /** Tool names used, sorted. */
  tools: string[];
  /** The transcript in the neutral model, as recorded (for sizing budgets). */
  messages: Message[];
}

/** Where the SWE-agent fixtures live. */
export const TRAJECTORY_DIR = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  '..',
  'compact',
  'src',
  '__fixtures__',
  'swe-agent',
);

function asObject(input: unknown): Record<string, unknown> {
  return typeof input === 'object' && input !== null && !Array.isArray(input)
    ? (input as Record<string, unknown>)
    : { input };
}

/** Every fixture (OpenAI chat-completions JSON) in `directory` as a replayable script, sorted by name. */
export function loadTrajectories(directory: string = TRAJECTORY_DIR): Trajectory[] {
  return readdirSync(directory)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((file) => {
      const messages = fromOpenAI(JSON.parse(readFileSync(join(directory, file), 'utf8')));
      const system = messages
        .filter((message) => message.role === 'system')
        .map((message) => message.text ?? '')
        .join('\n');
      const firstAssistant = messages.findIndex((message) => message.role === 'assistant');
      const task = messages
        .slice(0, firstAssistant)
        .filter((message) => message.role === 'user')
        .map((message) => message.text ?? '');
      const steps: TrajectoryStep[] = [];
      const tools = new Set<string>();
      for (let index = firstAssistant; index < messages.length; index++) {
        const message = messages[index] as Message;
        if (message.role !== 'assistant') continue;
        const step: TrajectoryStep = { text: message.text ?? '', calls: [], results: {} };
        const n = steps.length;
        if (message.toolCalls?.length) {
          for (const call of message.toolCalls) {
            const id = `${call.id}-${n}`;
            step.calls.push({ id, name: call.name, input: asObject(call.input) });
            tools.add(call.name);
            const result = messages
              .slice(index + 1)
              .find((next) => next.role === 'tool' && next.toolResult?.callId === call.id);
            step.results[id] = result?.toolResult?.content ?? '';
          }
        } else {
          // A text-action agent: the action is in the text, the observation is the next user message.
          const observation = messages[index + 1];
          if (observation?.role !== 'user') {
            steps.push(step);
            continue;
          }
          const id = `action-${n}`;
          step.calls.push({ id, name: ACTION_TOOL, input: { command: step.text } });
          step.text = '';
          tools.add(ACTION_TOOL);
          step.results[id] = observation.text ?? '';
        }
        steps.push(step);
      }
      // The replay ends with the model's final answer: drop a recorded trailing step without calls.
      while (steps.length > 0 && (steps[steps.length - 1] as TrajectoryStep).calls.length === 0) steps.pop();
      return { name: file.replace(/\.json$/, ''), system, task, steps, tools: [...tools].sort(), messages };
    });
}
