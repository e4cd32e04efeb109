import { SUMMARY_HEADER, TASK_SUMMARY_HEADER } from './constants.js';
import type { Message } from './types.js';

/**
 * Whether `message` is a summary an earlier compaction inserted: the system message that replaces a
 * prefix cut at a user message, or the reminder that replaces earlier model turns of the current task.
 */
export function isSummaryMessage(message: Message | undefined): boolean {
  if (!message?.text) return false;
  if (message.role === 'system') return message.text.startsWith(SUMMARY_HEADER);
  if (message.role === 'user' && message.reminder === true) {
    return message.text.startsWith(TASK_SUMMARY_HEADER) || message.text.startsWith(SUMMARY_HEADER);
  }
  return false;
}
