import { createServer } from 'node:http';

export interface ServerOptions {
  port: number;
  host?: string;
}

export class RequestRouter {
  private readonly routes = new Map<string, () => string>();

  register(path: string, handler: () => string): void {
    this.routes.set(path, handler);
  }

  handle(path: string): string {
    const handler = this.routes.get(path);
    if (!handler) {
      return 'not found';
    }
    return handler();
  }
}

export function startServer(
  options: ServerOptions,
  router: RequestRouter,
): void {
  const server = createServer((request, response) => {
    const body = router.handle(request.url ?? '/');
    response.end(body);
  });
  server.listen(options.port, options.host);
}
