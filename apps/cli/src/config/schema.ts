import { createRequire } from 'node:module';
import { MAX_SLACK_PERCENT } from '@ctxkit/context';
import type { z as Zod } from 'zod';

/**
 * The schemas are built on first use, with zod loaded then: most runs have no configuration file,
 * and loading zod costs a noticeable share of a short command's start-up.
 */
function buildSchemas(z: typeof Zod) {
  // Every object is strict: a misspelt key ("reserve" for "reserves") must be an error naming the
  // key and the file, not a setting that silently does nothing.

  const tokenCount = z.number().int().nonnegative();

  /** Token reserves carved out of the window before anything is packed (see @ctxkit/context). */
  const reservesSchema = z
    .object({
      /** Tokens kept for the system prompt. */
      system: tokenCount,
      /** Tokens kept for tool definitions. */
      tools: tokenCount,
      /** Tokens kept for the model's answer. */
      response: tokenCount,
      /** Share of the window kept as slack for tokenizer disagreement, in percent. */
      slackPercent: z.number().min(0).max(MAX_SLACK_PERCENT),
    })
    .partial()
    .strict();

  /**
   * A model profile the user adds to (or corrects in) the built-in registry; the fields of
   * @ctxkit/context's `ModelProfile` except the name, which is the key it is listed under.
   */
  const profileSchema = z
    .object({
      /** The model's whole context window in tokens (prompt + answer). */
      contextWindow: z.number().int().positive(),
      /** Tokens kept for the model's answer (default: the response reserve). */
      completionReserve: tokenCount.optional(),
      /** Family key matched as a substring of unknown names (default: the profile's name). */
      family: z.string().min(1).optional(),
      /** Parameter count in billions, for size-bucket matching. */
      sizeB: z.number().positive().optional(),
      /** Token vocabulary to count with (default o200k_base). */
      encoding: z.enum(['o200k_base', 'cl100k_base', 'estimate']).optional(),
      /** The model's own tokenizer: `ollama`, an encoding, or a tokenizer.json / GGUF path (relative to the working directory). */
      tokenizer: z.string().min(1).optional(),
      /** Other names this profile answers to. */
      aliases: z.array(z.string().min(1)).optional(),
    })
    .strict();

  /** Project instruction loading (AGENTS.md, CLAUDE.md, …). */
  const instructionsSchema = z
    .object({
      /** Extra instruction files to load after the conventional ones, relative to the repository root. */
      files: z.array(z.string().min(1)),
      /** Treat README.md as an instruction file too (off by default: READMEs dilute small models). */
      includeReadme: z.boolean(),
      /** Total byte budget over all instruction files. */
      maxTotalBytes: z.number().int().positive(),
      /** Byte budget per instruction file. */
      maxFileBytes: z.number().int().positive(),
    })
    .partial()
    .strict();

  /** Repository map settings. */
  const mapSchema = z
    .object({
      /** Token budget of the rendered map. */
      tokens: z.number().int().positive(),
    })
    .partial()
    .strict();

  /**
   * The schema of `ctxkit.config.json` (or the `ctxkit` key of package.json). Every key is optional;
   * what is not set falls back to the packages' own defaults.
   */
  const configSchema = z
    .object({
      /** Lets editors validate the file; ignored by ctxkit. */
      $schema: z.string(),
      /** Default model profile name, e.g. `qwen2.5-coder:7b`; `--model` overrides it. */
      model: z.string().min(1),
      /** Default token vocabulary for counting. */
      encoding: z.enum(['o200k_base', 'cl100k_base', 'estimate']),
      /** Default role for budgets and packs, e.g. `implement`. */
      role: z.string().min(1),
      /** Share of the available budget each role gets, between 0 (exclusive) and 1. */
      roleShares: z.record(z.string().min(1), z.number().gt(0).max(1)),
      /** Token reserves; unset ones keep the package defaults. */
      reserves: reservesSchema,
      /** Extra glob patterns to leave out of maps and packs (on top of .gitignore). */
      ignore: z.array(z.string().min(1)),
      /** Directories searched for SKILL.md files, relative to the repository root. */
      skillRoots: z.array(z.string().min(1)),
      /** Instruction file loading. */
      instructions: instructionsSchema,
      /** Repository map settings. */
      map: mapSchema,
      /** Model profiles added to the built-in registry, by name. */
      profiles: z.record(z.string().min(1), profileSchema),
    })
    .partial()
    .strict();
  return { configSchema, profileSchema, z };
}

type Schemas = ReturnType<typeof buildSchemas>;
let built: Schemas | undefined;

/** The configuration schemas (and the zod they are made with), built on first call. */
export function configSchemas(): Schemas {
  built ??= buildSchemas((createRequire(import.meta.url)('zod') as { z: typeof Zod }).z);
  return built;
}

/** A validated ctxkit configuration: what the file said, nothing filled in. */
export type CtxkitConfig = Zod.infer<Schemas['configSchema']>;

/** A user-defined model profile as written in the configuration. */
export type ConfiguredProfile = Zod.infer<Schemas['profileSchema']>;

/**
 * The keys allowed at `path` inside the configuration, for "expected one of" in error messages.
 * Walks objects by key and records by their value type.
 */
export function allowedKeysAt(path: readonly PropertyKey[]): string[] {
  const { configSchema, z } = configSchemas();
  let schema: Zod.ZodType = configSchema;
  for (const segment of path) {
    const inner = unwrap(schema);
    if (inner instanceof z.ZodObject) {
      const child = (inner.shape as Record<string, Zod.ZodType>)[String(segment)];
      if (!child) return [];
      schema = child;
    } else if (inner instanceof z.ZodRecord) {
      schema = inner.valueType as Zod.ZodType;
    } else {
      return [];
    }
  }
  const inner = unwrap(schema);
  return inner instanceof z.ZodObject ? Object.keys(inner.shape).sort() : [];
}

function unwrap(schema: Zod.ZodType): Zod.ZodType {
  const { z } = configSchemas();
  let current = schema;
  while (current instanceof z.ZodOptional) current = current.unwrap() as Zod.ZodType;
  return current;
}
