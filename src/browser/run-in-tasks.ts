/** Hands the main thread back to the browser: a new task, after any input, rendering or network callback queued. */
export const nextTask = (callback: () => void): void => {
  setTimeout(callback, 0);
};

/**
 * Runs each step in its own task, in order. A phone counts every task over 50 ms as time a tap waits for
 * (Total Blocking Time); several short tasks cost it nothing.
 */
export function runInTasks(steps: ReadonlyArray<() => void>, schedule: (callback: () => void) => void = nextTask) {
  const run = (index: number) => {
    steps[index]();
    if (index + 1 < steps.length) schedule(() => run(index + 1));
  };
  if (steps.length > 0) run(0);
}
