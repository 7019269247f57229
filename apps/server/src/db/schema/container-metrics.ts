import { doublePrecision, integer, pgTable, primaryKey, real, text, timestamp } from 'drizzle-orm/pg-core';
import { containers } from './containers.js';

/**
 * Sampled metrics of running containers: `raw` points (every 15 s) for the last 24 hours, then
 * rolled up into `1h` points kept for 30 days, so the 7d and 30d ranges stay small.
 */
export const containerMetrics = pgTable(
  'container_metrics',
  {
    containerId: text()
      .notNull()
      .references(() => containers.id, { onDelete: 'cascade' }),
    resolution: text().notNull(), // raw | 1h
    at: timestamp({ withTimezone: true }).notNull(),
    cpuUsage: real().notNull(),
    memoryUsage: real().notNull(),
    diskUsage: real().notNull(),
    networkRxMb: real().notNull(),
    networkTxMb: real().notNull(),
    processes: integer().notNull(),
    /**
     * The instance's raw CPU counter (ns) at a `raw` point: the next pass, on whichever instance
     * the sampler job runs, turns the difference into a percentage. Null on roll-ups.
     */
    cpuNs: doublePrecision(),
  },
  (t) => [primaryKey({ columns: [t.containerId, t.resolution, t.at] })],
);
