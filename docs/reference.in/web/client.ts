export interface Options {
  timeout: number;
  retries?: number;
}

export class Client {
  constructor(private base: string) {}

  send(path: string, options: Options): Promise<Response> {
    return fetch(this.base + path, { signal: AbortSignal.timeout(options.timeout) });
  }
}
