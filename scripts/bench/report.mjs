// The figures of issue 11's table: each with its measurement, floor, goal and PASS/FAIL against the floor.
import { machine } from './stats.mjs';

/**
 * name, measured (text), floor and goal (text), passed (the floor is met), goalMet (optional);
 * passed null: informational (no floor), or not measured this run. `limits`: the floor as numbers,
 * [{ value, floor, higher: true when more is better }], for BENCH_QUICK's tolerance (farBelowFloor).
 */
export const figure = (name, measured, floor, goal, passed, goalMet, limits = []) => ({ name, measured, floor, goal, passed, goalMet, limits });

/** BENCH_QUICK fails only on a fall of more than 25 % against a floor: a short run on a noisy machine. */
export const TOLERANCE = 0.25;
export const farBelowFloor = (entry) =>
  entry.limits.some(({ value, floor, higher }) => (higher ? value < floor * (1 - TOLERANCE) : value > floor * (1 + TOLERANCE)));

const status = (entry) => (entry.passed === null ? 'info' : entry.passed ? (entry.goalMet ? 'PASS (goal met)' : 'PASS') : 'FAIL');

export function printSummary(figures, failedRequests) {
  const rows = [['Figure', 'Measured', 'Floor', 'Goal', 'Result'], ...figures.map((entry) => [entry.name, entry.measured, entry.floor, entry.goal, status(entry)])];
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  const format = (row) => `| ${row.map((cell, column) => cell.padEnd(widths[column])).join(' | ')} |`;
  console.log(`\nSummary — ${machine()}\n`);
  console.log(format(rows[0]));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const row of rows.slice(1)) console.log(format(row));
  const failed = figures.filter((entry) => entry.passed === false);
  console.log(`\n${figures.filter((entry) => entry.passed).length} floors met, ${failed.length} missed${failed.length ? `: ${failed.map((entry) => entry.name).join('; ')}` : ''}.`);
  if (failedRequests) console.log(`${failedRequests} requests failed during the runs: the figures above are not trustworthy.`);
  const far = failed.filter(farBelowFloor);
  if (far.length) console.log(`More than ${TOLERANCE * 100} % off the floor: ${far.map((entry) => entry.name).join('; ')}.`);
  return { missed: failed.length, far: far.length };
}
