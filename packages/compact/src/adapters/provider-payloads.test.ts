import { describe, expect, it } from 'vitest';
import { ELIDED_MARKER } from '../constants.js';
import { elideForRequest } from '../elide.js';
import { countMessageTokens } from '../tokens.js';
import type { Message } from '../types.js';
import { validate } from '../validate.js';
import { fromAiSdk, toAiSdk } from './ai-sdk.js';
import { fromAnthropic, toAnthropic } from './anthropic.js';
import { fromOpenAI, toOpenAI } from './openai.js';

// Payloads shaped as the providers' own clients record them, converted in and back out: what a
// harness stores must survive a trip through the neutral model.

describe('OpenAI chat-completions payloads', () => {
  it('keeps a refusal, which the API sends instead of content', () => {
    const messages = fromOpenAI([
      { role: 'user', content: 'Write malware.' },
      { role: 'assistant', content: null, refusal: "I can't help with that." },
    ]);
    expect(messages[1]).toEqual({ role: 'assistant', text: "I can't help with that." });
    expect(validate(messages, 'openai')).toEqual([]);
    expect(toOpenAI(messages)[1]).toEqual({ role: 'assistant', content: "I can't help with that." });
  });

  it('sends a call without arguments ("") to Anthropic as an empty object', () => {
    const messages = fromOpenAI([
      { role: 'user', content: 'What time is it?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'now', arguments: '' } }],
      },
      { role: 'tool', tool_call_id: 'call_1', content: '12:00' },
    ]);
    expect(toOpenAI(messages)[1]).toMatchObject({ tool_calls: [{ function: { arguments: '' } }] });
    expect(toAnthropic(messages).messages[1]?.content).toEqual([
      { type: 'tool_use', id: 'call_1', name: 'now', input: {} },
    ]);
  });

  it('leaves out the blank text that OpenAI-compatible servers send beside tool calls', () => {
    const messages = fromOpenAI([
      {
        role: 'user',
        content: [
          { type: 'image_url', image_url: { url: 'https://x.test/a.png' } },
          { type: 'text', text: ' ' },
        ],
      },
      {
        role: 'assistant',
        content: '',
        tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'look', arguments: '{}' } }],
      },
      { role: 'tool', tool_call_id: 'call_1', content: 'a cat' },
    ]);
    expect(validate(messages, 'anthropic')).toEqual([]);
    const request = toAnthropic(messages);
    expect(request.messages[0]?.content).toEqual([
      { type: 'image', source: { type: 'url', url: 'https://x.test/a.png' } },
    ]);
    expect(request.messages[1]?.content).toEqual([
      { type: 'tool_use', id: 'call_1', name: 'look', input: {} },
    ]);
  });

  it('round-trips null content with tool calls and keeps argument bytes', () => {
    const payload = [
      { role: 'user', content: 'List files.' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'ls', arguments: '{ "path": "." }' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: 'a.ts\nb.ts' },
    ];
    expect(toOpenAI(fromOpenAI(payload))).toEqual(payload);
  });
});

describe('AI SDK ModelMessage payloads', () => {
  const payload = [
    { role: 'user', content: 'Weather in Paris?' },
    {
      role: 'assistant',
      content: [
        { type: 'tool-call', toolCallId: 'w1', toolName: 'weather', input: { city: 'Paris' } },
        { type: 'tool-call', toolCallId: 'w2', toolName: 'weather', input: { city: '' } },
      ],
    },
    {
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'w1',
          toolName: 'weather',
          output: { type: 'json', value: { celsius: 21, sky: ['clear', null] } },
        },
        {
          type: 'tool-result',
          toolCallId: 'w2',
          toolName: 'weather',
          output: { type: 'error-json', value: { code: 'EMPTY_CITY' } },
        },
      ],
    },
    { role: 'assistant', content: 'Sunny, 21 °C.' },
  ];

  it('round-trips json and error-json outputs as JSON, not as text', () => {
    const messages = fromAiSdk(payload);
    expect(messages[2]?.toolResult).toEqual({
      callId: 'w1',
      content: '{"celsius":21,"sky":["clear",null]}',
      json: true,
    });
    expect(toAiSdk(messages)).toEqual(payload);
  });

  it('sends an elided JSON result as text, since the marker is not JSON', () => {
    const elided = elideForRequest(fromAiSdk(payload), { window: 1, keepLastResults: 0 });
    const tool = toAiSdk(elided.messages)[2];
    expect(tool?.role === 'tool' && tool.content[0]?.output).toEqual({ type: 'text', value: ELIDED_MARKER });
    expect(tool?.role === 'tool' && tool.content[1]?.output).toEqual({
      type: 'error-text',
      value: ELIDED_MARKER,
    });
  });
});

describe('images given as data URLs', () => {
  it('reach Anthropic as base64 payload plus media type, and the AI SDK unchanged', () => {
    const payload = [
      {
        role: 'user',
        content: [
          { type: 'image', image: 'data:image/jpeg;base64,/9j/4AAQ', mediaType: 'image/jpeg' },
          { type: 'text', text: 'What is this?' },
        ],
      },
    ];
    const messages = fromAiSdk(payload);
    expect(toAiSdk(messages)).toEqual(payload);
    expect(toAnthropic(messages).messages[0]?.content).toEqual([
      { type: 'image', source: { type: 'base64', media_type: 'image/jpeg', data: '/9j/4AAQ' } },
      { type: 'text', text: 'What is this?' },
    ]);
  });
});

describe('AI SDK 4 CoreMessage transcripts', () => {
  it('reads args, result and isError, and writes them back as v5 input and outputs', () => {
    const v4 = [
      { role: 'user', content: 'Weather?' },
      {
        role: 'assistant',
        content: [
          { type: 'tool-call', toolCallId: 'c1', toolName: 'weather', args: { city: 'Oslo' } },
          { type: 'tool-call', toolCallId: 'c2', toolName: 'log', args: {} },
        ],
      },
      {
        role: 'tool',
        content: [
          { type: 'tool-result', toolCallId: 'c1', toolName: 'weather', result: { celsius: 3 } },
          { type: 'tool-result', toolCallId: 'c2', toolName: 'log', result: 'disk full', isError: true },
        ],
      },
    ];
    const messages = fromAiSdk(v4);
    expect(messages[1]?.toolCalls?.[0]?.input).toEqual({ city: 'Oslo' });
    expect(
      fromAiSdk([
        {
          role: 'assistant',
          content: [
            { type: 'reasoning', text: 'Think.', signature: 's1' },
            { type: 'redacted-reasoning', data: 'opaque' },
            { type: 'text', text: 'Done.' },
          ],
        },
      ]),
    ).toEqual([
      {
        role: 'assistant',
        reasoning: { text: 'Think.', signature: 's1' },
        additionalReasoning: [{ text: '', signature: 'opaque', redacted: true }],
        text: 'Done.',
      },
    ]);
    expect(validate(messages, 'ai-sdk')).toEqual([]);
    const tool = toAiSdk(messages)[2];
    expect(tool?.role === 'tool' && tool.content.map((part) => part.output)).toEqual([
      { type: 'json', value: { celsius: 3 } },
      { type: 'error-text', value: 'disk full' },
    ]);
  });
});

describe('Anthropic Messages payloads', () => {
  it('round-trips an error tool result that carries text and an image', () => {
    const request = {
      system: 'You are a browser agent.',
      messages: [
        { role: 'user', content: 'Open the page.' },
        {
          role: 'assistant',
          content: [
            { type: 'thinking', thinking: 'Open it.', signature: 'sig==' },
            { type: 'tool_use', id: 'toolu_1', name: 'screenshot', input: {} },
          ],
        },
        {
          role: 'user',
          content: [
            {
              type: 'tool_result',
              tool_use_id: 'toolu_1',
              content: [
                { type: 'text', text: 'timeout' },
                { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBOR' } },
              ],
              is_error: true,
            },
          ],
        },
      ],
    };
    expect(toAnthropic(fromAnthropic(request))).toEqual(request);
  });
});

describe('several reasoning blocks in one assistant message', () => {
  it('keeps every Anthropic thinking and redacted_thinking block, in order', () => {
    const request = {
      messages: [
        { role: 'user', content: 'Go.' },
        {
          role: 'assistant',
          content: [
            { type: 'thinking', thinking: 'First.', signature: 's1' },
            { type: 'redacted_thinking', data: 'opaque1' },
            { type: 'redacted_thinking', data: 'opaque2' },
            { type: 'text', text: 'Reading.' },
            { type: 'tool_use', id: 'toolu_1', name: 'Read', input: { file_path: 'a.ts' } },
          ],
        },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'x' }] },
      ],
    };
    const messages = fromAnthropic(request);
    expect(messages[1]?.additionalReasoning).toEqual([
      { text: '', signature: 'opaque1', redacted: true },
      { text: '', signature: 'opaque2', redacted: true },
    ]);
    expect(toAnthropic(messages)).toEqual(request);
    // Each block is sent back, so each is counted.
    const single = { ...messages[1], additionalReasoning: undefined } as Message;
    expect(countMessageTokens(messages[1] as Message)).toBeGreaterThan(countMessageTokens(single));
  });

  it('keeps every AI SDK reasoning part with its provider signature', () => {
    const payload = [
      { role: 'user', content: 'Go.' },
      {
        role: 'assistant',
        content: [
          { type: 'reasoning', text: 'One.', providerOptions: { anthropic: { signature: 's1' } } },
          { type: 'reasoning', text: '', providerOptions: { anthropic: { redactedData: 'r1' } } },
          { type: 'text', text: 'Done.' },
        ],
      },
    ];
    expect(toAiSdk(fromAiSdk(payload))).toEqual(payload);
  });
});

describe('uploaded files referenced by id', () => {
  it('writes an OpenAI file_id back as the id, never as a data URL', () => {
    const payload = [
      {
        role: 'user',
        content: [
          { type: 'file', file: { file_id: 'file-abc123', filename: 'spec.pdf' } },
          { type: 'text', text: 'Summarize the spec.' },
        ],
      },
    ];
    const messages = fromOpenAI(payload);
    expect(messages[0]?.attachments).toEqual([
      { type: 'document', mediaType: 'application/pdf', data: 'file-abc123', fileId: true, name: 'spec.pdf' },
    ]);
    expect(toOpenAI(messages)).toEqual(payload);
  });

  it('round-trips Anthropic Files API sources for documents and images', () => {
    const request = {
      messages: [
        {
          role: 'user',
          content: [
            { type: 'document', source: { type: 'file', file_id: 'file_011' }, title: 'report.pdf' },
            { type: 'image', source: { type: 'file', file_id: 'file_012' } },
            { type: 'text', text: 'Compare them.' },
          ],
        },
      ],
    };
    expect(toAnthropic(fromAnthropic(request))).toEqual(request);
  });
});
