import { PlanClientError } from '../../src/node/client';

/** The PlanClientError a call fails with; any other outcome fails the test. */
export async function caught(promise: Promise<unknown>): Promise<PlanClientError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof PlanClientError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}
