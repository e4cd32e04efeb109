#!/usr/bin/env node
// Convert real, public coding-agent trajectories into OpenAI chat-completions message arrays, the
// shape `pnpm bench compact --fixtures DIR` and `pnpm bench sessions --fixtures DIR` read.
//
//   node apps/bench/scripts/convert-trajectories.mjs --mirrors DIR --out DIR [--min-tokens N] [--source ID]…
//
// --mirrors is a directory of bare git repositories named `<owner>+<name>` (or `<owner>+<name>/repo`,
// as the workplace's fetch leaves them); make one with
//   git clone --bare https://github.com/<owner>/<name> DIR/<owner>+<name>
// Each source below is read at its pinned commit with `git show`; nothing is downloaded here.
// --min-tokens keeps only transcripts of at least N o200k_base tokens (counted as @ctxkit/compact
// counts a transcript). The output directory gets one `<source>__<instance>.json` per transcript and
// `manifest.jsonl` (one line per transcript: source, repository, commit, path, licence, agent, model,
// messages, tokens, tool pairs, user turns, files of the run's final patch when the source has one).
//
// Conversion, the rules of packages/compact/src/__fixtures__/README.md: messages kept in order,
// reduced to `role`, `content` (text parts joined with a newline; null for an assistant message with
// tool calls and no text), assistant `tool_calls` (`id`, `type`, `function.name`,
// `function.arguments`) and one `role: "tool"` message per call id. Harness bookkeeping (SWE-agent's
// `agent`, `thought`, `action`, `is_demo`; mini-swe-agent's `extra`; OpenHands' `cache_control`,
// `name`, `index`) is dropped. Contents are kept whole: unlike the committed fixtures, nothing is
// trimmed. No code of any source is read or copied, only its recorded transcripts.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { countTranscriptTokens, fromOpenAI, validate } from '@ctxkit/compact';
import { createTokenizer } from '@ctxkit/tokenize';

/** Every source this script knows: where its transcripts are, how they are shaped, whose they are. */
const SOURCES = [
  {
    id: 'openhands-claude35',
    repo: 'All-Hands-AI/OpenHands',
    commit: '4ce8594d56a8a09b6c12d6dfd6fe746e825be644',
    dir: 'evaluation/evaluation_outputs/outputs/princeton-nlp__SWE-bench_Verified-test/CodeActAgent/claude-3-5-sonnet-20241022_maxiter_50_N_v0.15.0-no-hint-no-condensation-run_1/llm_completions',
    format: 'openhands-completions',
    agent: 'OpenHands CodeActAgent v0.15 (function calling: execute_bash, str_replace_editor)',
    model: 'claude-3-5-sonnet-20241022',
    licence: 'MIT (© 2024 All Hands AI; the repository licence covers these committed evaluation outputs)',
  },
  {
    id: 'mini-swe-agent-gemini3',
    repo: 'gruckion/mini-swe-agent',
    commit: 'd12a71affd95403b036b2bdbd827349b77bfffb9',
    dir: 'swebench_results/20251118_gemini-3-pro-74pct/trajs',
    format: 'mini-swe-agent',
    agent: 'mini-swe-agent v1.15 (bash only: text actions, observations as user turns)',
    model: 'gemini-3-pro-preview',
    licence:
      "MIT (© 2025 Kilian A. Lieret and Carlos E. Jimenez, mini-swe-agent's licence, kept by this fork; the runs are SWE-bench's bash-only leaderboard submission 20251118_mini-v1.15.0_gemini-3-pro-preview)",
  },
  {
    id: 'swe-agent-java',
    repo: 'multi-swe-bench/experiments',
    commit: '89888f1604001fcd80b0799a37af42a1bfebfd8f',
    dir: 'evaluation/java/verified',
    format: 'swe-agent',
    agent: 'SWE-agent 0.x on Multi-SWE-bench Java (text actions, observations as user turns)',
    model: 'per submission folder (gpt-4o, gpt-4o-mini, deepseek, doubao)',
    licence: 'none stated (no LICENSE file): measured only, never redistributed or committed',
  },
];

function git(gitDir, args) {
  return execFileSync('git', [`--git-dir=${gitDir}`, ...args], {
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  });
}

function gitDirOf(mirrors, repo) {
  const base = join(mirrors, repo.replace('/', '+'));
  for (const candidate of [join(base, 'repo'), base, `${base}.git`]) {
    if (existsSync(join(candidate, 'objects'))) return candidate;
  }
  return undefined;
}

/** Text of a content field: a string, or text parts joined with a newline. */
function textOf(content) {
  if (content === null || content === undefined) return '';
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .filter((part) => part && part.type === 'text')
      .map((part) => part.text)
      .join('\n');
  }
  return String(content);
}

function toolCallOf(call) {
  const fn = call.function ?? {};
  const args = fn.arguments;
  return {
    id: call.id,
    type: 'function',
    function: { name: fn.name, arguments: typeof args === 'string' ? args : JSON.stringify(args ?? {}) },
  };
}

/** One chat message in the reduced shape, or undefined for a role no provider has. */
function reduced(message) {
  const role = message.role;
  if (role === 'system' || role === 'user') return { role, content: textOf(message.content) };
  if (role === 'assistant') {
    const calls = Array.isArray(message.tool_calls) ? message.tool_calls.map(toolCallOf) : [];
    const text = textOf(message.content);
    if (calls.length === 0) return { role, content: text };
    return { role, content: text === '' ? null : text, tool_calls: calls };
  }
  if (role === 'tool') return { role, tool_call_id: message.tool_call_id, content: textOf(message.content) };
  return undefined;
}

/** SWE-agent's stringified call lists (`"['call_1']"`) and real arrays alike. */
function listOf(value) {
  if (Array.isArray(value)) return value;
  if (typeof value === 'string' && value.startsWith('[')) {
    try {
      return JSON.parse(value.replaceAll("'", '"'));
    } catch {
      return [];
    }
  }
  return [];
}

/** Files a unified diff touches (`diff --git a/X b/X`). */
function patchFiles(patch) {
  if (typeof patch !== 'string') return [];
  const files = [];
  for (const match of patch.matchAll(/^diff --git a\/(\S+) b\/(\S+)$/gm)) {
    if (!files.includes(match[2])) files.push(match[2]);
  }
  return files;
}

function fromSweAgent(traj) {
  const out = [];
  for (const entry of traj.history ?? []) {
    if (entry.role === 'tool') {
      const ids = listOf(entry.tool_call_ids);
      for (const id of ids.length > 0 ? ids : [entry.tool_call_id])
        out.push({ role: 'tool', tool_call_id: id, content: textOf(entry.content) });
      continue;
    }
    const calls = listOf(entry.tool_calls);
    const message = reduced({ ...entry, tool_calls: calls });
    if (message) out.push(message);
  }
  return { messages: out, patch: traj.info?.submission };
}

function fromMiniSweAgent(traj) {
  const messages = (traj.messages ?? []).map(reduced).filter((message) => message !== undefined);
  return { messages, patch: traj.info?.submission };
}

/** Transcripts of one source: `{ instance, path, messages, patch }`, in path order. */
function* readSource(gitDir, source) {
  const files = git(gitDir, ['ls-tree', '-r', '-z', '--name-only', source.commit, '--', source.dir])
    .split('\0')
    .filter(Boolean)
    .sort();
  const show = (path) => {
    try {
      return JSON.parse(git(gitDir, ['show', `${source.commit}:${path}`]));
    } catch {
      return undefined; // absent from a partial snapshot (large files), or not JSON
    }
  };
  if (source.format === 'openhands-completions') {
    // One file per model call, each holding the whole request: the longest request of an instance is
    // its session (a later, shorter one follows a restart).
    const byInstance = new Map();
    for (const path of files) {
      const instance = path.split('/').at(-2);
      if (!byInstance.has(instance)) byInstance.set(instance, []);
      byInstance.get(instance).push(path);
    }
    for (const [instance, paths] of [...byInstance].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      let best;
      for (const path of paths) {
        const completion = show(path);
        const messages = completion?.messages;
        if (!Array.isArray(messages)) continue;
        if (
          !best ||
          messages.length > best.raw.length ||
          (messages.length === best.raw.length && path > best.path)
        )
          best = { path, raw: messages };
      }
      if (best)
        yield {
          instance,
          path: best.path,
          messages: best.raw.map(reduced).filter(Boolean),
          patch: undefined,
        };
    }
    return;
  }
  for (const path of files) {
    if (source.format === 'mini-swe-agent' && !path.endsWith('.traj.json')) continue;
    if (source.format === 'swe-agent' && !path.endsWith('.traj')) continue;
    const traj = show(path);
    if (!traj) continue;
    const converted = source.format === 'swe-agent' ? fromSweAgent(traj) : fromMiniSweAgent(traj);
    // Submission folder and instance: `<submission>/trajs/<instance>.traj`.
    const parts = path.split('/');
    const instance =
      source.format === 'swe-agent'
        ? `${parts.at(-3)?.replace(/^\d+_SWE-agent_/, '')}__${parts.at(-1)?.replace(/\.traj$/, '')}`
        : (parts.at(-1)?.replace(/\.traj\.json$/, '') ?? path);
    yield { instance, path, ...converted };
  }
}

function main() {
  const { values } = parseArgs({
    options: {
      mirrors: { type: 'string' },
      out: { type: 'string' },
      'min-tokens': { type: 'string', default: '0' },
      source: { type: 'string', multiple: true },
      help: { type: 'boolean' },
    },
  });
  const minTokens = Number(values['min-tokens']);
  if (values.help || !values.mirrors || !values.out || !(minTokens >= 0)) {
    process.stdout.write(
      'usage: node apps/bench/scripts/convert-trajectories.mjs --mirrors DIR --out DIR [--min-tokens N] [--source ID]…\n' +
        `sources: ${SOURCES.map((source) => `${source.id} (${source.repo}@${source.commit.slice(0, 7)})`).join(', ')}\n`,
    );
    return values.help ? 0 : 2;
  }
  const out = resolve(values.out);
  mkdirSync(out, { recursive: true });
  const tokenizer = createTokenizer({ encoding: 'o200k_base' });
  const count = (text) => tokenizer.count(text);
  const manifest = [];
  for (const source of SOURCES) {
    if (values.source && !values.source.includes(source.id)) continue;
    const gitDir = gitDirOf(resolve(values.mirrors), source.repo);
    if (!gitDir) {
      process.stderr.write(`skipped ${source.id}: no mirror of ${source.repo} under ${values.mirrors}\n`);
      continue;
    }
    let kept = 0;
    let seen = 0;
    for (const { instance, path, messages, patch } of readSource(gitDir, source)) {
      seen++;
      const neutral = fromOpenAI(messages);
      const tokens = countTranscriptTokens(neutral, count);
      if (tokens < minTokens) continue;
      const file = `${source.id}__${instance}.json`;
      writeFileSync(join(out, file), `${JSON.stringify(messages, null, 2)}\n`);
      manifest.push({
        file,
        source: source.id,
        repo: source.repo,
        commit: source.commit,
        path,
        licence: source.licence,
        agent: source.agent,
        model: source.model,
        messages: messages.length,
        tokens,
        toolPairs: messages.filter((message) => message.role === 'tool').length,
        userTurns: messages.filter((message) => message.role === 'user').length,
        openaiValid: validate(neutral, 'openai').length === 0,
        patchFiles: patchFiles(patch),
      });
      kept++;
    }
    process.stderr.write(`${source.id}: ${kept} of ${seen} transcripts at ${minTokens}+ tokens\n`);
  }
  manifest.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  writeFileSync(join(out, 'manifest.jsonl'), manifest.map((row) => `${JSON.stringify(row)}\n`).join(''));
  process.stderr.write(`${manifest.length} transcripts in ${out}\n`);
  return 0;
}

process.exitCode = main();
