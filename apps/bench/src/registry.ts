import { budgetBench } from './benches/budget.js';
import { compactBench } from './benches/compact.js';
import { frameworksBench } from './benches/frameworks.js';
import { inspectBench } from './benches/inspect.js';
import { localizeBench } from './benches/localize.js';
import { mapBench } from './benches/map.js';
import { mapQualityBench } from './benches/map-quality.js';
import { packBench } from './benches/pack.js';
import { packQualityBench } from './benches/pack-quality.js';
import { reportBench } from './benches/report.js';
import { retrieveBench } from './benches/retrieve.js';
import { scanBench } from './benches/scan.js';
import { skillsBench } from './benches/skills.js';
import { tokenizeBench } from './benches/tokenize.js';

/** One benchmark: `run` receives the arguments after its name and returns an exit code. */
export interface Bench {
  description: string;
  run(args: string[]): Promise<number>;
}

/** Every bench by the name `pnpm bench <name>` takes. */
export const benches: Record<string, Bench> = {
  budget: budgetBench,
  compact: compactBench,
  frameworks: frameworksBench,
  inspect: inspectBench,
  localize: localizeBench,
  map: mapBench,
  'map-quality': mapQualityBench,
  pack: packBench,
  'pack-quality': packQualityBench,
  report: reportBench,
  retrieve: retrieveBench,
  scan: scanBench,
  skills: skillsBench,
  tokenize: tokenizeBench,
};
