import type { z } from 'zod';
import type { EXPORT_SOURCES, ExportReport } from '@backline/contract';

/** A report's filters as its own endpoint's schema parsed them. */
export type Filters<R extends ExportReport> = z.output<(typeof EXPORT_SOURCES)[R]>;
