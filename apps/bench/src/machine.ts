import { cpus, platform, release, totalmem } from 'node:os';
import type { MachineInfo } from './report/types.js';

/** Describe this machine for a results file. */
export function machineInfo(): MachineInfo {
  const cpuList = cpus();
  return {
    node: process.version,
    platform: `${platform()} ${release()}`,
    cpu: cpuList[0]?.model.trim() ?? 'unknown',
    cores: cpuList.length,
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
  };
}
