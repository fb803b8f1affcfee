// `npm run bench [-- <name>...]`: the benchmarks of tools/bench, one after another (all of them
// by default), each in a process of its own with its own stack.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const BENCHMARKS = ['public-reads', 'clicks', 'uploads', 'pages', 'bundle', 'large'];

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !BENCHMARKS.includes(name));
if (unknown.length > 0) {
  console.error(`No benchmark named ${unknown.join(', ')}; there are: ${BENCHMARKS.join(', ')}.`);
  process.exit(1);
}
const tsx = join(__dirname, '..', 'node_modules', '.bin', 'tsx');
for (const name of asked.length > 0 ? asked : BENCHMARKS) {
  console.log(`\n=== ${name} ===`);
  const { status } = spawnSync(tsx, [join(__dirname, 'bench', `${name}.ts`)], { stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? 1);
}
