import type { Command } from 'commander';
import type { CommandIO } from '../io.js';
import { registerBudgetCommand } from './budget.js';
import { registerCompactCommand } from './compact.js';
import { registerComposeCommand } from './compose.js';
import { registerInspectCommand } from './inspect.js';
import { registerInstructionsCommand } from './instructions.js';
import { registerMapCommand } from './map.js';
import { registerPackCommand } from './pack.js';
import { registerProfilesCommand } from './profiles.js';
import { registerRetrieveCommand } from './retrieve.js';
import { registerSkillsCommand } from './skills.js';
import { registerSymbolsCommand } from './symbols.js';
import { registerTokensCommand } from './tokens.js';
import { registerValidateCommand } from './validate.js';

/** Every subcommand, one file each; registration order is the order `--help` lists them. */
export function registerCommands(program: Command, io: CommandIO): void {
  registerTokensCommand(program, io);
  registerMapCommand(program, io);
  registerSymbolsCommand(program, io);
  registerRetrieveCommand(program, io);
  registerInstructionsCommand(program, io);
  registerSkillsCommand(program, io);
  registerProfilesCommand(program, io);
  registerBudgetCommand(program, io);
  registerPackCommand(program, io);
  registerComposeCommand(program, io);
  registerCompactCommand(program, io);
  registerValidateCommand(program, io);
  registerInspectCommand(program, io);
}
