import { createServer, type ServerResponse } from 'node:http';
import { renderTracePage } from '@ctxkit/trace';
import { UserError } from '../errors.js';
import { TraceFollower, type TraceUpdate } from './trace-follower.js';

/** Options of {@link startLiveServer}. */
export interface LiveServerOptions {
  /** The trace file to follow. */
  path: string;
  /** The page's title (the trace as the user named it). */
  title: string;
  /** Port on 127.0.0.1; 0 lets the system choose. */
  port: number;
  /** How often the file is checked for new lines. */
  pollMs?: number;
}

/** A running live view. */
export interface LiveServer {
  /** `http://127.0.0.1:PORT/`. */
  url: string;
  /** Resolves once the server has stopped. */
  closed: Promise<void>;
  close(): Promise<void>;
}

// Often enough to feel live; a stat call per tick costs nothing.
const DEFAULT_POLL_MS = 250;
// A comment line every so often keeps proxies and the browser from timing the stream out.
const KEEPALIVE_MS = 15_000;

// Each event's id says how many records and problems the client has after it, so a browser that
// reconnects (EventSource sends the last id back) gets exactly what it missed.
function send(response: ServerResponse, update: TraceUpdate, records: number, problems: number): void {
  response.write(`id: ${records}.${problems}\ndata: ${JSON.stringify(update)}\n\n`);
}

/** `N.M` from a Last-Event-ID header, or undefined. */
function parseEventId(
  value: string | string[] | undefined,
): { records: number; problems: number } | undefined {
  const match = typeof value === 'string' ? /^(\d+)\.(\d+)$/.exec(value) : null;
  return match ? { records: Number(match[1]), problems: Number(match[2]) } : undefined;
}

// The names a browser on this machine uses for the server.
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost']);

function hostPortIs(host: string | undefined, port: number): boolean {
  const match = /:(\d+)$/.exec(host ?? '');
  return match !== null && Number(match[1]) === port;
}

/**
 * `ctxkit inspect --serve`: the page on 127.0.0.1, rendered with every record so far, and a
 * Server-Sent Events stream (`/events?after=N`) that sends the records appended after the Nth as the
 * file grows. Only the loopback interface listens: a trace holds prompts.
 */
export async function startLiveServer(options: LiveServerOptions): Promise<LiveServer> {
  const follower = new TraceFollower(options.path);
  follower.read();
  const clients = new Set<{ response: ServerResponse; sent: number; problems: number }>();

  const flush = () => {
    for (const client of clients) {
      const records = follower.records.slice(client.sent);
      const problems = follower.problems.slice(client.problems);
      if (records.length === 0 && problems.length === 0) continue;
      client.sent = follower.records.length;
      client.problems = follower.problems.length;
      send(client.response, { records, problems }, client.sent, client.problems);
    }
  };

  let port = options.port;
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    // A trace holds prompts: answer only requests addressed to this loopback server, so a web page
    // whose name was rebound to 127.0.0.1 cannot read it.
    if (
      !LOOPBACK_HOSTS.has((request.headers.host ?? '').replace(/:\d+$/, '')) ||
      !hostPortIs(request.headers.host, port)
    ) {
      response.writeHead(403, { 'content-type': 'text/plain; charset=utf-8' }).end('forbidden\n');
      return;
    }
    if (request.method !== 'GET') {
      response.writeHead(405, { allow: 'GET' }).end();
      return;
    }
    if (url.pathname === '/') {
      const records = [...follower.records];
      const page = renderTracePage(records, {
        title: options.title,
        problems: follower.problems,
        events: `/events?after=${records.length}&problems=${follower.problems.length}`,
      });
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      response.end(page);
      return;
    }
    if (url.pathname === '/events') {
      const resumed = parseEventId(request.headers['last-event-id']);
      const after = resumed?.records ?? Number(url.searchParams.get('after') ?? 0);
      const problems = resumed?.problems ?? Number(url.searchParams.get('problems') ?? 0);
      response.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
      });
      response.write(': ctxkit inspect\n\n');
      const client = {
        response,
        sent: Number.isInteger(after) && after >= 0 ? after : 0,
        problems: Number.isInteger(problems) && problems >= 0 ? problems : 0,
      };
      clients.add(client);
      request.on('close', () => clients.delete(client));
      flush();
      return;
    }
    response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
  });

  const poll = setInterval(() => {
    try {
      const before = follower.records.length;
      const update = follower.read();
      // A rewritten (shorter) file starts over: clients reload to see it.
      if (follower.records.length < before) for (const client of clients) client.response.end();
      if (update.records.length > 0 || update.problems.length > 0) flush();
    } catch {
      // Moved or deleted for a moment (a log rotation): the next tick looks again.
    }
  }, options.pollMs ?? DEFAULT_POLL_MS);
  const keepalive = setInterval(() => {
    for (const client of clients) client.response.write(': keepalive\n\n');
  }, KEEPALIVE_MS);
  poll.unref();
  keepalive.unref();

  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      clearInterval(poll);
      clearInterval(keepalive);
      if (error.code === 'EADDRINUSE') reject(new UserError(`--port ${options.port} is already in use`));
      else if (error.code === 'EACCES') reject(new UserError(`--port ${options.port}: permission denied`));
      else reject(error);
    });
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const closed = new Promise<void>((resolve) => server.once('close', () => resolve()));
  const address = server.address();
  port = typeof address === 'object' && address ? address.port : options.port;
  return {
    url: `http://127.0.0.1:${port}/`,
    closed,
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(poll);
        clearInterval(keepalive);
        for (const client of clients) client.response.end();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
