// Type tests: what the adapters write must be accepted by each provider SDK's own request types.
// `tsc --noEmit` (the package's typecheck) fails if an adapter's output stops being assignable.
import type { MessageCreateParamsNonStreaming } from '@anthropic-ai/sdk/resources/messages';
import type { ModelMessage } from 'ai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { buildDigest } from '../digest.js';
import type { Message } from '../types.js';
import { validate } from '../validate.js';
import { type AiSdkModelMessage, fromAiSdk, toAiSdk } from './ai-sdk.js';
import { type AnthropicRequest, fromAnthropic, toAnthropic } from './anthropic.js';
import { fromOpenAI, type OpenAIChatMessage, toOpenAI } from './openai.js';

const sample: Message[] = [
  { role: 'system', text: 'You are terse.' },
  {
    role: 'user',
    text: 'Look at this',
    attachments: [{ type: 'image', mediaType: 'image/png', data: 'iVBORw0KGgo=' }],
  },
  {
    role: 'assistant',
    text: 'Reading it.',
    reasoning: { text: 'need the file', signature: 'sig' },
    toolCalls: [{ id: 'call_1', name: 'read_file', input: { path: 'src/a.ts' } }],
  },
  { role: 'tool', toolResult: { callId: 'call_1', content: 'export {}', isError: false } },
  { role: 'assistant', text: 'Done.' },
];

describe('adapter output matches the provider SDK types', () => {
  it('OpenAI chat-completions', () => {
    expectTypeOf<OpenAIChatMessage>().toExtend<ChatCompletionMessageParam>();
    const messages: ChatCompletionMessageParam[] = toOpenAI(sample);
    expect(messages.map((message) => message.role)).toEqual([
      'system',
      'user',
      'assistant',
      'tool',
      'assistant',
    ]);
  });

  it('Anthropic Messages', () => {
    expectTypeOf<AnthropicRequest['messages'][number]>().toExtend<
      MessageCreateParamsNonStreaming['messages'][number]
    >();
    expectTypeOf<NonNullable<AnthropicRequest['system']>>().toExtend<
      NonNullable<MessageCreateParamsNonStreaming['system']>
    >();
    const request = toAnthropic(sample);
    const params: MessageCreateParamsNonStreaming = {
      model: 'claude-sonnet-4-5',
      max_tokens: 1024,
      ...request,
    };
    expect(params.messages.map((message) => message.role)).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
    ]);
  });

  it('Vercel AI SDK ModelMessage', () => {
    expectTypeOf<AiSdkModelMessage>().toExtend<ModelMessage>();
    const messages: ModelMessage[] = toAiSdk(sample);
    expect(messages.map((message) => message.role)).toEqual([
      'system',
      'user',
      'assistant',
      'tool',
      'assistant',
    ]);
  });
});

describe('provider details', () => {
  it('keeps a plain-text Anthropic document as text', () => {
    const request = {
      messages: [
        {
          role: 'user',
          content: [
            {
              type: 'document',
              source: { type: 'text', media_type: 'text/plain', data: 'notes' },
              title: 'notes.txt',
            },
            { type: 'text', text: 'summarize' },
          ],
        },
      ],
    };
    expect(toAnthropic(fromAnthropic(request))).toEqual(request);
  });

  it('round-trips OpenAI custom (freeform) tool calls and reads their patch paths', () => {
    const patch = '*** Begin Patch\n*** Update File: src/a.ts\n@@\n-a\n+b\n*** End Patch';
    const openai = [
      { role: 'user', content: 'fix it' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'c1', type: 'custom', custom: { name: 'apply_patch', input: patch } }],
      },
      { role: 'tool', tool_call_id: 'c1', content: 'Done' },
    ];
    const messages = fromOpenAI(openai);
    expect(messages[1]?.toolCalls?.[0]).toEqual({
      id: 'c1',
      name: 'apply_patch',
      input: patch,
      freeform: true,
    });
    expect(toOpenAI(messages)).toEqual(openai);
    expect(buildDigest(messages).filesEdited).toEqual(['src/a.ts']);
  });

  it('leaves provider-executed AI SDK tool calls to the provider', () => {
    const messages = fromAiSdk([
      { role: 'user', content: 'search' },
      {
        role: 'assistant',
        content: [
          {
            type: 'tool-call',
            toolCallId: 'ws1',
            toolName: 'web_search',
            input: { query: 'x' },
            providerExecuted: true,
          },
          {
            type: 'tool-result',
            toolCallId: 'ws1',
            toolName: 'web_search',
            output: { type: 'json', value: [] },
          },
          { type: 'text', text: 'Nothing found.' },
        ],
      },
    ]);
    expect(messages).toEqual([
      { role: 'user', text: 'search' },
      { role: 'assistant', text: 'Nothing found.' },
    ]);
    expect(validate(messages, 'anthropic')).toEqual([]);
  });
});
