/** A chart the report draws as SVG: grouped bars, stacked bars, or lines over categories. */
export interface ReportChart {
  kind: 'bar' | 'stacked' | 'line';
  title: string;
  /** Label of the value axis, e.g. "MB/s", "recall", "tokens". */
  unit: string;
  /** The x axis. */
  categories: string[];
  /** One value per category in each series. */
  series: { name: string; values: number[] }[];
}

/** A plain table of already-formatted cells. */
export interface ReportTable {
  title: string;
  columns: string[];
  rows: (string | number)[][];
}

/** What each bench contributes to the report, stored under `report` in results/<bench>.json. */
export interface ReportSection {
  title: string;
  /** One to four key numbers, already formatted for people. */
  headline: { label: string; value: string }[];
  tables: ReportTable[];
  charts: ReportChart[];
}

/** The common envelope of results/<bench>.json. */
export interface BenchResults {
  bench: string;
  machine: MachineInfo;
  report: ReportSection;
  [key: string]: unknown;
}

/** Where a bench ran, printed with every result so numbers are never read out of context. */
export interface MachineInfo {
  node: string;
  platform: string;
  cpu: string;
  cores: number;
  memoryGiB: number;
}
