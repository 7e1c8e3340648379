/**
 * Milliseconds of CPU this process spent running `fn`: what the "linear time" tests bound. Unlike the wall clock, it
 * does not count the time the test waited for a core, so a loaded machine does not fail them; a quadratic pattern
 * over their inputs still costs seconds to minutes of CPU and does.
 */
export function cpuMs(fn: () => unknown): number {
  const before = process.cpuUsage();
  fn();
  const spent = process.cpuUsage(before);
  return (spent.user + spent.system) / 1000;
}
