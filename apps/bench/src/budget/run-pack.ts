import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { CLI_BIN } from '../helpers.js';
import type { BudgetCase, BudgetRecord } from './types.js';

/** The parts of `ctxkit pack --json` the budget check reads. */
interface PackJson {
  budget: { window: number; available: number };
  used: number;
  dropped: { count: number; tokens: number };
  sections: { kind: string; tokens: number }[];
  text: string;
}

/** Build one case's pack through `ctxkit pack --json` and record its budget block. */
export async function runPack(budgetCase: BudgetCase): Promise<BudgetRecord> {
  const args = [
    CLI_BIN,
    'pack',
    budgetCase.dir,
    '--task',
    budgetCase.task,
    '--model',
    budgetCase.model,
    '--role',
    budgetCase.role,
    '--no-cache',
    '--json',
  ];
  const { code, stdout, stderr } = await spawnNode(args);
  if (code !== 0) throw new Error(`ctxkit pack exited ${code}: ${stderr.trim().split('\n')[0] ?? ''}`);
  const pack = JSON.parse(stdout) as PackJson;
  const perSection: Record<string, number> = {};
  for (const section of pack.sections)
    perSection[section.kind] = (perSection[section.kind] ?? 0) + section.tokens;
  return {
    window: pack.budget.window,
    available: pack.budget.available,
    used: pack.used,
    perSection,
    dropped: { count: pack.dropped.count, tokens: pack.dropped.tokens },
    sha256: createHash('sha256').update(pack.text).digest('hex'),
  };
}

function spawnNode(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      resolve({
        code: code ?? 1,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
      }),
    );
  });
}
