// Runs before each API test file. The files of a worker share their modules (vitest.config.ts,
// isolate: false), so what a file would get from a fresh import is reset here.
import { restartTestClock } from './helpers.ts';

restartTestClock();
