import { Logger } from '@nestjs/common';

/**
 * Runs `provoke` with Nest's Logger.error silenced, for a test that causes a logged error on purpose (a 500, a
 * refused start-up): the run stays quiet, and the test gets the logged calls' arguments to assert on.
 */
export async function withErrorLogsSilenced<T>(provoke: () => PromiseLike<T>): Promise<{ result: T; logged: unknown[][] }> {
  const spy = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
  try {
    const result = await provoke();
    return { result, logged: [...spy.mock.calls] };
  } finally {
    spy.mockRestore();
  }
}
