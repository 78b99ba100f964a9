// What only the React surfaces' tests need, apart from helpers.ts, so a lit element's test page loads no React.
import { act } from 'react';

/**
 * Runs `action` and resolves with its result once React has rendered all it caused, effects
 * included (a surface's machine started, or heard what the action did): React's `act`, so a check
 * that something is not shown looks at a finished render, not at whatever is there after a guessed
 * wait. `action` starts at once, in the caller's task.
 */
export async function rendered<T>(action: () => T | Promise<T>): Promise<T> {
  const environment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  environment.IS_REACT_ACT_ENVIRONMENT = true;
  try {
    return await act(async () => await action());
  } finally {
    environment.IS_REACT_ACT_ENVIRONMENT = false;
  }
}
