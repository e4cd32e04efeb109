import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Where a model of the local Ollama store keeps its weights file (GGUF) and chat template. Ollama
 * stores `manifests/<registry>/<namespace>/<model>/<tag>` (JSON whose layers name blobs by digest)
 * and `blobs/sha256-<hex>`; `qwen2.5-coder:7b` is `registry.ollama.ai/library/qwen2.5-coder/7b`.
 */
export interface OllamaModelFiles {
  /** The name as resolved: `registry/namespace/model:tag`. */
  reference: string;
  /** Path of the GGUF blob; only its metadata is ever read. */
  gguf: string;
  /** The chat template (Go template text) when the manifest has a template layer. */
  template?: string;
}

const DEFAULT_REGISTRY = 'registry.ollama.ai';
const DEFAULT_NAMESPACE = 'library';
const MODEL_LAYER = 'application/vnd.ollama.image.model';
const TEMPLATE_LAYER = 'application/vnd.ollama.image.template';

/** The manifest path parts of an Ollama model name, or `undefined` for a name Ollama would reject. */
export function ollamaManifestParts(name: string): [string, string, string, string] | undefined {
  const colon = name.lastIndexOf(':');
  const slash = name.lastIndexOf('/');
  const hasTag = colon > slash;
  const tag = hasTag ? name.slice(colon + 1) : 'latest';
  const path = (hasTag ? name.slice(0, colon) : name).split('/');
  if (path.some((part) => !/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(part)) || !/^[A-Za-z0-9._-]+$/.test(tag))
    return undefined;
  if (path.length === 1) return [DEFAULT_REGISTRY, DEFAULT_NAMESPACE, path[0] as string, tag];
  if (path.length === 2) return [DEFAULT_REGISTRY, path[0] as string, path[1] as string, tag];
  if (path.length === 3) return [path[0] as string, path[1] as string, path[2] as string, tag];
  return undefined;
}

/**
 * Find model `name` in the Ollama store at `modelsDirectory` (Ollama's `OLLAMA_MODELS`, by default
 * `~/.ollama/models`); `undefined` when it is not pulled there. Throws only for a manifest that exists
 * but cannot be read as one.
 */
export function findOllamaModel(name: string, modelsDirectory: string): OllamaModelFiles | undefined {
  const parts = ollamaManifestParts(name);
  if (!parts) return undefined;
  const manifestPath = join(modelsDirectory, 'manifests', ...parts);
  if (!existsSync(manifestPath)) return undefined;
  let layers: { mediaType?: unknown; digest?: unknown }[];
  try {
    layers = (JSON.parse(readFileSync(manifestPath, 'utf8')) as { layers?: typeof layers }).layers ?? [];
  } catch (error) {
    throw new Error(`${manifestPath}: not an Ollama manifest: ${(error as Error).message}`);
  }
  const blob = (mediaType: string): string | undefined => {
    const digest = layers.find((layer) => layer.mediaType === mediaType)?.digest;
    if (typeof digest !== 'string' || !/^sha256:[0-9a-f]{64}$/.test(digest)) return undefined;
    const path = join(modelsDirectory, 'blobs', digest.replace(':', '-'));
    return existsSync(path) ? path : undefined;
  };
  const gguf = blob(MODEL_LAYER);
  if (!gguf) return undefined;
  const templatePath = blob(TEMPLATE_LAYER);
  const [registry, namespace, model, tag] = parts;
  return {
    reference: `${registry}/${namespace}/${model}:${tag}`,
    gguf,
    ...(templatePath ? { template: readFileSync(templatePath, 'utf8') } : {}),
  };
}
