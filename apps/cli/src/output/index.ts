// Terminal output helpers shared by every subcommand's human (non --json) output.
export {
  allocateCells,
  BUDGET_BAR_WIDTH,
  type BudgetBarInput,
  type BudgetBarOptions,
  renderBudgetBar,
} from './budget-bar.js';
export {
  type ColorSignals,
  type Colors,
  createColors,
  type Style,
  shouldUseColor,
  stripAnsi,
  visibleWidth,
} from './color.js';
export { formatBytes, formatCount, formatPercent, formatQuantity } from './format.js';
export { displayPath } from './paths.js';
export {
  createProgress,
  PROGRESS_DELAY_MS,
  type ProgressOptions,
  type ProgressReporter,
  renderProgressLine,
  SILENT_PROGRESS,
} from './progress.js';
export { type Alignment, renderTable, type TableOptions } from './table.js';
export { describeUnscanned } from './unscanned.js';
