// `npm run bench`: the benchmarks of tools/bench, one after another.
import './bench/public-reads';
