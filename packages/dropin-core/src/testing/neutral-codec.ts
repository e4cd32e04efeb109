// Test support: the neutral message model of @ctxkit/compact as its own "framework", so the pipeline
// can be driven without a framework's shapes (the drop-ins' tests, the trace page's browser test).
import type { Message } from '@ctxkit/compact';
import type { MessageCodec } from '../rewrite.js';

/** A codec whose framework messages are neutral messages. */
export const neutralCodec: MessageCodec<Message> = {
  read: (source) => ({ messages: [...source], owners: source.map((_message, index) => index) }),
  rewrite: (_message, _before, after) => after[0] as Message,
  systemMessage: (text) => ({ role: 'system', text }),
  reminderMessage: (text) => ({ role: 'user', text, reminder: true }),
  key: (message) => JSON.stringify(message),
};
