/** A mistake or a failure `pnpm bench fetch` reports in one line, with the exit code it means. */
export class FetchError extends Error {
  /** 2: a usage mistake (an unknown bench, a bad flag); 1: something could not be done. */
  readonly exitCode: 1 | 2;

  constructor(message: string, exitCode: 1 | 2) {
    super(message);
    this.exitCode = exitCode;
  }
}
